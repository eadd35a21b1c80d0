;;; gpuasm-mode-tests.el --- ERT tests of gpuasm-mode  -*- lexical-binding: t; -*-

;; Run against the installed files (tests/install/deb-in-chroot.sh) or a checkout:
;;   GPUASM_EXAMPLES=examples emacs --batch -q -l emacs/gpuasm-mode-autoloads.el -l ert \
;;     -l emacs/test/gpuasm-mode-tests.el -f ert-run-tests-batch-and-exit
;; The expected values are worked by hand from the rules they test: Neovim's detection
;; (nvim/lua/gpuasm/filetype.lua and the cases of nvim/test/e2e.lua), the classes of
;; grammar/queries/highlights.scm, and docs/LANGUAGE.md's "Formatting".

;;; Code:

(require 'ert)
(require 'gpuasm-mode)

(defvar gpuasm-test-examples (or (getenv "GPUASM_EXAMPLES") "examples")
  "The directory of the repository's examples/.")

(defun gpuasm-test--lines (file)
  "The lines of FILE."
  (with-temp-buffer
    (insert-file-contents file)
    (split-string (buffer-string) "\n")))

(defmacro gpuasm-test--visiting (name text &rest body)
  "Visit a new file NAME holding TEXT, as `find-file' does, and run BODY in its buffer."
  (declare (indent 2))
  `(let* ((dir (make-temp-file "gpuasm-test" t))
          (file (expand-file-name ,name dir)))
     (unwind-protect
         (progn
           (with-temp-file file (insert ,text))
           (with-current-buffer (find-file-noselect file)
             (unwind-protect (progn ,@body)
               (kill-buffer))))
       (delete-directory dir t))))

(ert-deftest gpuasm-detects-the-examples ()
  (dolist (example '("illegal-modifier.asm" "kernel.asm" "warp-reduce.asm" "spec-examples.asm"))
    (let ((verdict (gpuasm-lines-match-p
                    (gpuasm-test--lines (expand-file-name example gpuasm-test-examples)) 'content)))
      (should (equal (list example (car verdict)) (list example t))))))

(ert-deftest gpuasm-leaves-other-assemblers-alone ()
  ;; The NASM and ARM files of nvim/test/e2e.lua.
  (should-not (car (gpuasm-lines-match-p
                    '("section .text" "global _start" "_start:" "    MOV EAX, 1        ; exit"
                      "    XOR EBX, EBX" "    INT 0x80")
                    'content)))
  (should-not (car (gpuasm-lines-match-p
                    '("    AREA main, CODE" "    MOV R0, R1 ; copy" "    ADD R0, R0, R2 ; add" "    BX LR")
                    'content)))
  (should-not (car (gpuasm-lines-match-p
                    (gpuasm-test--lines (expand-file-name "kernel.asm" gpuasm-test-examples)) 'marker)))
  (should (car (gpuasm-lines-match-p '("// gpuasm" "MOV R1, R0 ;") 'marker)))
  (should (car (gpuasm-lines-match-p '("// @state R1 = 0x10") 'marker))))

(ert-deftest gpuasm-claims-files-by-content ()
  (gpuasm-test--visiting "kernel.asm" "    MOV R1, R0 ;\n    IADD R2, R1, 0x4 ;\n"
    (should (eq major-mode 'gpuasm-mode)))
  (gpuasm-test--visiting "nasm.asm" "section .text\n    MOV EAX, 1 ; exit\n    INT 0x80\n"
    (should (eq major-mode 'asm-mode)))
  (let ((gpuasm-detect nil))
    (gpuasm-test--visiting "off.asm" "    MOV R1, R0 ;\n"
      (should (eq major-mode 'asm-mode))))
  (gpuasm-test--visiting "not-asm.s" "    MOV R1, R0 ;\n"
    (should-not (eq major-mode 'gpuasm-mode))))

(defun gpuasm-test--face-at (text needle &optional nth)
  "The face font-lock gives the NTH (default first) occurrence of NEEDLE in TEXT."
  (with-temp-buffer
    (gpuasm-mode)
    (insert text)
    (font-lock-ensure)
    (goto-char (point-min))
    (dotimes (_ (or nth 1)) (search-forward needle))
    (get-text-property (match-beginning 0) 'face)))

(ert-deftest gpuasm-highlights-by-the-grammars-classes ()
  (let ((line "@!P0 IMAD.WIDE.U32 R[0:1], R2.B1, c[0x0][0x160], UR4, 0.5 $sched ; // @expect R2 == 1\n"))
    (should (eq (gpuasm-test--face-at line "!") 'font-lock-negation-char-face))
    (should (eq (gpuasm-test--face-at line "P0") 'gpuasm-predicate-face))
    (should (eq (gpuasm-test--face-at line "IMAD") 'gpuasm-mnemonic-face))
    (should (eq (gpuasm-test--face-at line ".WIDE.U32") 'gpuasm-modifier-face))
    (should (eq (gpuasm-test--face-at line "R[") 'gpuasm-register-face))
    (should (eq (gpuasm-test--face-at line "R2") 'gpuasm-register-face))
    (should (eq (gpuasm-test--face-at line ".B1") 'gpuasm-selector-face))
    (should (eq (gpuasm-test--face-at line "c[") 'gpuasm-address-space-face))
    (should (eq (gpuasm-test--face-at line "0x160") 'gpuasm-number-face))
    (should (eq (gpuasm-test--face-at line "UR4") 'gpuasm-register-face))
    (should (eq (gpuasm-test--face-at line "0.5") 'gpuasm-number-face))
    (should (eq (gpuasm-test--face-at line "$sched") 'gpuasm-directive-face))
    (should (eq (gpuasm-test--face-at line "@expect") 'gpuasm-directive-face))
    ;; The rest of a comment is a comment, registers and numbers in it included.
    (should (eq (gpuasm-test--face-at line "R2" 2) 'font-lock-comment-face))
    (should (eq (gpuasm-test--face-at "/* MOV R1 */ NOP ;\n" "MOV") 'font-lock-comment-face))
    (should (eq (gpuasm-test--face-at "/* MOV R1 */ NOP ;\n" "NOP") 'gpuasm-mnemonic-face))
    (should (eq (gpuasm-test--face-at "    ISETP.GE.AND P1, PT, R0, 0x10, PT ;\n" "PT") 'gpuasm-predicate-face))))

(ert-deftest gpuasm-comments ()
  (with-temp-buffer
    (gpuasm-mode)
    (insert "MOV R1, R0 ;\n")
    (comment-region (point-min) (point-max))
    (should (equal (buffer-string) "// MOV R1, R0 ;\n"))))

(defun gpuasm-test--indented (text)
  "TEXT after `indent-region' in gpuasm-mode."
  (with-temp-buffer
    (gpuasm-mode)
    (insert text)
    (indent-region (point-min) (point-max))
    (buffer-string)))

(ert-deftest gpuasm-indents-as-the-formatter ()
  ;; docs/LANGUAGE.md, "Formatting": the mnemonic column of the block's first line (moved right
  ;; for the guards), guards in the column before it, operands one column after the longest
  ;; mnemonic-with-modifiers, `, ' between operands and ` ;' at the end.
  (should (equal (gpuasm-test--indented
                  "@!P0 IADD R1, R2, R3 ;\n@P0 IADD R1,R2,R3;\nIADD R1, R2, R3 ;\nIMUL.HI.U32 R0, R1, R2 ;\n")
                 (concat "@!P0 IADD        R1, R2, R3 ;\n"
                         "@P0  IADD        R1, R2, R3 ;\n"
                         "     IADD        R1, R2, R3 ;\n"
                         "     IMUL.HI.U32 R0, R1, R2 ;\n")))
  ;; Trailing comments one space after the longest commented code; a blank line ends a block.
  (should (equal (gpuasm-test--indented
                  "    MOV R1, R0 ; // a\n  FADD.RZ R2, R1, R1 ;      // b\n\n  NOP ;\n")
                 (concat "    MOV     R1, R0 ;     // a\n"
                         "    FADD.RZ R2, R1, R1 ; // b\n"
                         "\n"
                         "  NOP ;\n")))
  ;; Comment lines, lines in a block comment and a dangling comma: only whitespace changes.
  (should (equal (gpuasm-test--indented "  // MOV R1 ,R0 ;\n/* IADD R1 ,\n R2 ; */\nIADD R4,  R5, ;\n")
                 "  // MOV R1 ,R0 ;\n/* IADD R1 ,\n R2 ; */\nIADD R4, R5, ;\n")))

(ert-deftest gpuasm-tab-on-one-line ()
  (with-temp-buffer
    (gpuasm-mode)
    (insert "    IMAD.WIDE R2, R3, R4, R5 ;\nMOV R1,R0 ;\n")
    (forward-line -1)
    (indent-for-tab-command)
    (should (equal (buffer-string) "    IMAD.WIDE R2, R3, R4, R5 ;\n    MOV       R1, R0 ;\n"))
    ;; Point from the indentation goes to the mnemonic.
    (should (equal (buffer-substring (point) (line-end-position)) "MOV       R1, R0 ;"))
    ;; A new line below a statement starts at the block's mnemonic column.
    (end-of-line)
    (insert "\n")
    (indent-for-tab-command)
    (should (= (current-column) 4))))

;;; gpuasm-mode-tests.el ends here
