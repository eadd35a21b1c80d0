;;; gpuasm-mode.el --- Major mode for gpuasm's GPU assembly language  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages, assembler
;; URL: https://github.com/gpuasm/gpuasm

;; This file is part of gpuasm; see the LICENSE file of the repository.

;;; Commentary:

;; A major mode for the assembly language of gpuasm's GPU ISA (docs/LANGUAGE.md of the
;; repository): highlighting by the classes of the tree-sitter grammar's highlight query
;; (grammar/queries/highlights.scm), `//' and `/* */' comments, the column layout of the
;; server's formatting (textDocument/formatting) on TAB and `indent-region', and the language
;; server `gpuasm lsp' registered with eglot and with lsp-mode.
;;
;; Which `.asm' files are gpuasm's is decided by their content, by the same rules as the
;; Neovim plug-in (nvim/lua/gpuasm/filetype.lua): see `gpuasm-asm-file-p' and `gpuasm-detect'.
;; gpuasm-mode-autoloads.el (loaded by the Debian package's /etc/emacs/site-start.d/50gpuasm.el)
;; puts that test on `magic-mode-alist'.
;;
;; The language has no labels and no assembler directives; `// @state' and `// @expect' lines
;; (the simulator's initial state and assertions) are comments the mode highlights specially.

;;; Code:

(require 'cl-lib)
(require 'subr-x)

(defgroup gpuasm nil
  "Editing the assembly language of gpuasm's GPU ISA."
  :group 'languages
  :prefix "gpuasm-")

(defcustom gpuasm-program "gpuasm"
  "The gpuasm binary.
Its `lsp' command is the language server eglot and lsp-mode start."
  :type 'string)

(defcustom gpuasm-detect 'content
  "Which `.asm' files `gpuasm-asm-file-p' claims for `gpuasm-mode'.
`content' (the default): a `// gpuasm' marker line among the first five
lines, a `// @state' line, or code lines of which at least 80% are
statements of this ISA's shape.  `marker': only the marker or a `// @state'
line.  `always': every `.asm' file.  nil: none (then choose the mode
yourself, e.g. with a `-*- mode: gpuasm -*-' first line).
The same settings as the Neovim plug-in's `vim.g.gpuasm_filetype_detect'."
  :type '(choice (const :tag "By content" content)
                 (const :tag "Only marked files" marker)
                 (const :tag "Every .asm file" always)
                 (const :tag "Never" nil)))

;;;; Which .asm files are this ISA's (the rules of nvim/lua/gpuasm/filetype.lua)

(defconst gpuasm--max-lines 200 "Lines `gpuasm-asm-file-p' reads.")
(defconst gpuasm--marker-lines 5 "Lines the `// gpuasm' marker may be on.")
(defconst gpuasm--share 0.8 "The share of code lines that must be statements of this ISA.")

(defconst gpuasm--register-operand-re
  (concat "\\`\\(?:R[0-9]+\\|RZ\\|UR[0-9]+\\|URZ\\|P[0-6]\\|PT\\|UP[0-6]\\|UPT\\|PR\\|UPR\\)\\'"
          "\\|\\`U?R\\[\\|\\`c\\[\\|\\`cmem\\[")
  "Operand spellings only this ISA's registers and memory operands have.")

(defun gpuasm--strip-comments (line in-block)
  "LINE without its comments, and whether a `/*' is still open at its end.
IN-BLOCK says whether LINE starts inside a block comment.
Returns (CODE . IN-BLOCK)."
  (let ((out "") (i 0) (n (length line)) (done nil))
    (while (and (not done) (< i n))
      (if in-block
          (let ((close (string-search "*/" line i)))
            (if close (setq in-block nil i (+ close 2)) (setq done t)))
        (let ((open (string-search "/*" line i))
              (slash (string-search "//" line i)))
          (cond ((and slash (or (not open) (< slash open)))
                 (setq out (concat out (substring line i slash)) done t))
                ((not open) (setq out (concat out (substring line i)) done t))
                (t (setq out (concat out (substring line i open)) in-block t i (+ open 2)))))))
    (cons out in-block)))

(defun gpuasm--register-operand-p (token)
  "Whether operand TOKEN is a register or memory operand of this ISA."
  (let ((case-fold-search nil))
    ;; Prefixes (-, ~, !, |) and suffixes (.H1, .B0) do not change what the operand is.
    (setq token (replace-regexp-in-string "\\`[-~!|]+" "" token))
    (setq token (replace-regexp-in-string "|\\'" "" token))
    (setq token (replace-regexp-in-string "\\.[A-Z0-9]+\\'" "" token))
    (string-match-p gpuasm--register-operand-re token)))

(defun gpuasm--statement-shape-p (text)
  "Whether TEXT (one statement without its `;') has this ISA's shape.
That is `[@guard] MNEMONIC[.MOD...] [operand {, operand}] [$sched...]'
with an upper-case mnemonic and, when there are operands, at least one
register of this ISA."
  (let ((case-fold-search nil))
    (setq text (string-trim text))
    (setq text (replace-regexp-in-string "\\`@!?U?P[0-6T][ \t\n\r\f\v]+" "" text))
    (when (string-match "\\`[A-Z][A-Z0-9_]*[.A-Z0-9_]*" text)
      (let ((rest (substring text (match-end 0))))
        (when (or (string-empty-p rest) (string-match-p "\\`[ \t\n\r\f\v]" rest))
          (setq rest (string-trim (replace-regexp-in-string "\\$[A-Za-z]+" "" rest)))
          (or (string-empty-p rest)
              (cl-some (lambda (operand) (gpuasm--register-operand-p (string-trim operand)))
                       (split-string rest ","))))))))

(defun gpuasm--statement-line-p (code)
  "Whether CODE (a line without comments) is a sequence of statements.
Each must end in `;'."
  (setq code (string-trim code))
  (and (string-suffix-p ";" code)
       (cl-every #'gpuasm--statement-shape-p
                 (split-string (substring code 0 -1) ";"))))

(defun gpuasm-lines-match-p (lines &optional mode)
  "Whether LINES (a list of strings) read as gpuasm under MODE.
MODE is `content' or `marker'.  Returns (VERDICT . REASON)."
  (let ((in-block nil) (code-lines 0) (statements 0) (i 0) (verdict nil)
        (case-fold-search nil))
    (while (and lines (not verdict) (< i gpuasm--max-lines))
      (let ((line (car lines)))
        (setq i (1+ i) lines (cdr lines))
        (cond
         ((and (<= i gpuasm--marker-lines)
               (string-match-p "\\`[ \t\n\r\f\v]*//[ \t\n\r\f\v]*gpuasm\\(?:[^[:alnum:]_-]\\|\\'\\)"
                               line))
          (setq verdict '(t . "marker")))
         ((string-match-p "\\`[ \t\n\r\f\v]*//[ \t\n\r\f\v]*@state[ \t\n\r\f\v]" line)
          (setq verdict '(t . "state directive")))
         (t
          (let ((stripped (gpuasm--strip-comments line in-block)))
            (setq in-block (cdr stripped))
            (when (string-match-p "[^ \t\n\r\f\v]" (car stripped))
              (setq code-lines (1+ code-lines))
              (when (gpuasm--statement-line-p (car stripped))
                (setq statements (1+ statements)))))))))
    (cond (verdict verdict)
          ((eq mode 'marker) '(nil . "no marker"))
          ((zerop statements) '(nil . "no statement of this ISA"))
          ((< statements (* gpuasm--share code-lines))
           (cons nil (format "%d of %d code lines are statements of this ISA" statements code-lines)))
          (t '(t . "content")))))

;;;###autoload
(defun gpuasm-asm-file-p ()
  "Whether the visited file is an `.asm' file of gpuasm's ISA.
Decided by `gpuasm-detect'.  For `magic-mode-alist', through
`gpuasm-mode-magic-p' of gpuasm-mode-autoloads.el."
  (and gpuasm-detect
       buffer-file-name
       (string-match-p "\\.asm\\'" buffer-file-name)
       (or (eq gpuasm-detect 'always)
           (save-excursion
             (save-restriction
               (widen)
               (goto-char (point-min))
               (forward-line gpuasm--max-lines)
               (car (gpuasm-lines-match-p
                     (split-string (buffer-substring-no-properties (point-min) (point)) "\n")
                     gpuasm-detect)))))))

;;;; Highlighting: the classes of grammar/queries/highlights.scm

(defface gpuasm-mnemonic-face '((t :inherit font-lock-builtin-face))
  "A mnemonic (highlights.scm: @function.builtin).")
(defface gpuasm-modifier-face '((t :inherit font-lock-type-face))
  "A mnemonic's modifiers, `.WIDE.U32' (highlights.scm: @attribute).")
(defface gpuasm-register-face '((t :inherit font-lock-variable-name-face))
  "A register R0, RZ, UR4, URZ, or the file of R[0:1].
highlights.scm: @variable.builtin.")
(defface gpuasm-predicate-face '((t :inherit font-lock-constant-face))
  "A predicate P0, PT, UP1, UPT, PR, UPR (highlights.scm: @constant.builtin).")
(defface gpuasm-selector-face '((t :inherit font-lock-type-face))
  "A register's or constant's selector, `.H1', `.B0'.
highlights.scm: @property.")
(defface gpuasm-number-face '((t :inherit font-lock-constant-face))
  "An integer, a float or float bits 0f3F800000.
highlights.scm: @number, @number.float.")
(defface gpuasm-address-space-face '((t :inherit font-lock-keyword-face))
  "The constant-memory space, `c' of c[0x0][0x160] (highlights.scm: @keyword).")
(defface gpuasm-directive-face '((t :inherit font-lock-preprocessor-face))
  "`@state' and `@expect' in their comments, and $sched placeholders.")

(defconst gpuasm--head-re
  (concat "\\(?:^\\|;\\|\\*/\\)[ \t]*"
          "\\(?:\\(@\\)[ \t]*\\(!\\)?[ \t]*\\(U?P\\(?:[0-9]+\\|T\\)\\|[A-Za-z_][A-Za-z0-9_]*\\)[ \t]+\\)?"
          "\\([A-Za-z_][A-Za-z0-9_]*\\)\\(\\(?:\\.[A-Za-z0-9_]+\\)*\\)")
  "A statement's guard and mnemonic: groups @, !, predicate, name, modifiers.")

(defconst gpuasm-font-lock-keywords
  `((,gpuasm--head-re
     (2 'font-lock-negation-char-face nil t)
     (3 'gpuasm-predicate-face nil t)
     (4 'gpuasm-mnemonic-face)
     (5 'gpuasm-modifier-face))
    ;; `// @state R1 = 0x10', `// @expect R2 == lane * 4' (docs/LANGUAGE.md).
    ("//[ \t]*\\(@\\(?:state\\|expect\\)\\)\\_>" 1 'gpuasm-directive-face t)
    ("\\$[A-Za-z_][A-Za-z0-9_]*" . 'gpuasm-directive-face)
    ("\\_<\\(U?R\\(?:[0-9]+\\|Z\\)\\)\\(\\.[A-Za-z0-9_]+\\)?\\_>"
     (1 'gpuasm-register-face) (2 'gpuasm-selector-face nil t))
    ("\\_<\\(U?R\\)\\[" 1 'gpuasm-register-face)
    ("\\_<\\(U?P\\(?:[0-9]+\\|T\\)\\|U?PR\\)\\(\\.[A-Za-z0-9_]+\\)?\\_>"
     (1 'gpuasm-predicate-face) (2 'gpuasm-selector-face nil t))
    ("\\_<\\(c\\|cmem\\)\\[" 1 'gpuasm-address-space-face)
    ("\\]\\(\\.[A-Za-z0-9_]+\\)" 1 'gpuasm-selector-face)
    ("\\_<\\(?:0[xX][0-9a-fA-F]+\\|0[fF][0-9a-fA-F]+\\|[0-9]+\\(?:\\.[0-9]*\\)?\\(?:[eE][-+]?[0-9]+\\)?\\)"
     . 'gpuasm-number-face))
  "Highlighting of `gpuasm-mode'.
By the classes of grammar/queries/highlights.scm.")

(defvar gpuasm-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; `//' to the end of the line and `/* */', as in C++.
    (modify-syntax-entry ?/ ". 124b" table)
    (modify-syntax-entry ?* ". 23" table)
    (modify-syntax-entry ?\n "> b" table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?$ "_" table)
    (modify-syntax-entry ?. "." table)
    (modify-syntax-entry ?@ "." table)
    (modify-syntax-entry ?! "." table)
    (modify-syntax-entry ?| "." table)
    (modify-syntax-entry ?\" "." table)
    (modify-syntax-entry ?' "." table)
    table)
  "Syntax table of `gpuasm-mode'.")

;;;; Indentation: the layout of the server's formatting (docs/LANGUAGE.md, "Formatting";
;;;; server/ide/src/asm/Formatting.cpp)

(defun gpuasm--columns-after (string start)
  "The column after STRING written from column START.
A tab goes to the next tab stop."
  (let ((col start))
    (mapc (lambda (c)
            (setq col (if (eq c ?\t) (* (1+ (/ col tab-width)) tab-width) (1+ col))))
          string)
    col))

(defun gpuasm--squeezed (string)
  "STRING without blanks."
  (replace-regexp-in-string "[ \t\r]+" "" string))

(defun gpuasm--collapsed (string)
  "STRING with each run of blanks one space, none at either end."
  (string-trim (replace-regexp-in-string "[ \t\r]+" " " string) "[ \t\r]+" "[ \t\r]+"))

(defun gpuasm--statement-pieces (text)
  "The pieces of one statement TEXT (its `;' included), or nil.
A list (GUARD HEAD OPERANDS TAIL); TAIL is what follows the last operand,
collapsed: \";\", \", ;\", \"$sched ;\"."
  (let ((case-fold-search nil))
    (when (string-match
           (concat "\\`[ \t\r]*\\(?:\\(@!?[A-Za-z0-9_]+\\)[ \t\r]+\\)?"
                   "\\([A-Za-z_][A-Za-z0-9_]*\\(?:\\.[A-Za-z0-9_]+\\)*\\)\\(\\(?:[ \t\r].*\\)?;\\)\\'")
           text)
      (let* ((guard (match-string 1 text))
             (head (match-string 2 text))
             (rest (substring (match-string 3 text) 0 -1))
             (tail ";")
             (operands nil))
        ;; $sched placeholders follow the operands.
        (when (string-match "[ \t\r]+\\(\\$.*\\)\\'" rest)
          (setq tail (concat (match-string 1 rest) " ;") rest (substring rest 0 (match-beginning 0))))
        (unless (string-empty-p (string-trim rest))
          (setq operands (mapcar #'string-trim (split-string rest ","))))
        (when (and operands (string-empty-p (car (last operands))))
          ;; A dangling `,' before `;' is kept: formatting never fixes code.
          (setq operands (butlast operands) tail (concat ", " tail)))
        (unless (cl-some #'string-empty-p operands)
          (list (or guard "") head operands (gpuasm--collapsed tail)))))))

(defun gpuasm--operands-and-tail (pieces)
  "The operands of PIECES joined by `, ', then the tail."
  (let ((out (string-join (nth 2 pieces) ", "))
        (tail (nth 3 pieces)))
    (if (string-empty-p tail) out
      (concat out (if (eq (aref tail 0) ?,) "" " ") tail))))

(defun gpuasm--compact (pieces)
  "A statement after the first on its line, from PIECES.
No columns, single spaces."
  (concat (if (string-empty-p (nth 0 pieces)) "" (concat (nth 0 pieces) " "))
          (nth 1 pieces)
          (if (nth 2 pieces) " " "")
          (gpuasm--operands-and-tail pieces)))

(defun gpuasm--line-starts-statement-p ()
  "Whether the line at point starts a statement (outside any comment)."
  (save-excursion
    (beginning-of-line)
    (and (not (nth 4 (syntax-ppss)))
         (looking-at-p "[ \t]*[@A-Za-z_]"))))

(defun gpuasm--line-layout ()
  "The pieces of the statement line at point, or nil.
Nil when it is not a line formatting touches.  A plist: :statements (each
\(GUARD HEAD OPERANDS TAIL)), :comment, :code (as written), :anchor (the
column of its first mnemonic)."
  (save-excursion
    (beginning-of-line)
    (when (gpuasm--line-starts-statement-p)
      (let* ((line (buffer-substring-no-properties (point) (line-end-position)))
             (slash (string-search "//" line))
             (open (string-search "/*" line))
             (cut (cond ((and slash open) (min slash open)) (t (or slash open))))
             (code (if cut (substring line 0 cut) line))
             (comment (and cut (substring line cut)))
             (ok t))
        ;; One comment, to the end of the line.
        (when (and comment (string-prefix-p "/*" comment))
          (let ((close (string-search "*/" comment 2)))
            (setq ok (and close (string-match-p "\\`[ \t\r]*\\'" (substring comment (+ close 2))))
                  comment (and ok (substring comment 0 (+ close 2))))))
        (when comment (setq comment (string-trim-right comment "[ \t\r]+")))
        (when (and ok (string-match "\\`\\(.*;\\)[ \t\r]*\\'" code))
          (let* ((parts (split-string (match-string 1 code) ";"))
                 (statements (mapcar (lambda (s) (gpuasm--statement-pieces (concat s ";")))
                                     (butlast parts))))
            (when (and statements (not (memq nil statements)))
              (string-match "\\`[ \t\r]*\\(@!?[A-Za-z0-9_]+[ \t\r]+\\)?" code)
              (list :statements statements :comment comment :code code
                    :anchor (gpuasm--columns-after (match-string 0 code) 0)))))))))

(defun gpuasm--indentation (columns)
  "Blanks up to COLUMNS: tabs first when `indent-tabs-mode' is on."
  (if indent-tabs-mode
      (concat (make-string (/ columns tab-width) ?\t) (make-string (% columns tab-width) ?\s))
    (make-string columns ?\s)))

(defun gpuasm--pad-to (string column)
  "STRING with spaces up to COLUMN."
  (let ((at (gpuasm--columns-after string 0)))
    (if (< at column) (concat string (make-string (- column at) ?\s)) string)))

(defun gpuasm--block-bounds ()
  "The first and last line of the block at point, as their start positions.
A block is consecutive lines that each start a statement, as for the
server's formatting."
  (save-excursion
    (beginning-of-line)
    (let ((first (point)) (last (point)))
      (while (and (zerop (forward-line -1)) (gpuasm--line-starts-statement-p))
        (setq first (point)))
      (goto-char last)
      (while (and (zerop (forward-line 1)) (not (eobp)) (gpuasm--line-starts-statement-p))
        (setq last (point)))
      (cons first last))))

(defun gpuasm--lay-block (first last)
  "The formatted text of each line of the block from FIRST to LAST.
FIRST and LAST are line starts.  An alist (LINE-START . TEXT); TEXT is nil
for a line formatting leaves as written."
  (let ((layouts nil))
    (save-excursion
      (goto-char first)
      (while (<= (point) last)
        (push (cons (point) (gpuasm--line-layout)) layouts)
        (if (/= 0 (forward-line 1)) (goto-char (1+ last)))))
    (setq layouts (nreverse layouts))
    (let* ((laid (cl-remove-if-not #'cdr layouts))
           (guard-width 0) (head-width 0) mnemonic-column code (comment-column 0))
      (dolist (l laid)
        (let ((front (car (plist-get (cdr l) :statements))))
          (setq guard-width (max guard-width (gpuasm--columns-after (nth 0 front) 0))
                head-width (max head-width (gpuasm--columns-after (nth 1 front) 0)))))
      (when laid
        (setq mnemonic-column (max (plist-get (cdr (car laid)) :anchor)
                                   (if (zerop guard-width) 0 (1+ guard-width)))))
      (setq code
            (mapcar
             (lambda (l)
               (let* ((layout (cdr l))
                      (statements (plist-get layout :statements))
                      (front (car statements))
                      (s (if (string-empty-p (nth 0 front))
                             (gpuasm--indentation mnemonic-column)
                           (concat (gpuasm--indentation (- mnemonic-column guard-width 1))
                                   (nth 0 front)))))
                 (setq s (concat (gpuasm--pad-to s mnemonic-column) (nth 1 front)))
                 (when (nth 2 front)
                   (setq s (gpuasm--pad-to s (+ mnemonic-column head-width 1))))
                 (setq s (concat s (gpuasm--operands-and-tail front)))
                 (dolist (other (cdr statements))
                   (setq s (concat s " " (gpuasm--compact other))))
                 ;; Only whitespace may change.
                 (unless (equal (gpuasm--squeezed s) (gpuasm--squeezed (plist-get layout :code)))
                   (setq s nil))
                 (when (and s (plist-get layout :comment))
                   (setq comment-column (max comment-column (1+ (gpuasm--columns-after s 0)))))
                 (cons (car l) s)))
             laid))
      (mapcar (lambda (l)
                (let ((s (cdr (assq (car l) code)))
                      (comment (and (cdr l) (plist-get (cdr l) :comment))))
                  (cons (car l) (and s (if comment (concat (gpuasm--pad-to s comment-column) comment) s)))))
              layouts))))

(defun gpuasm--replace-line (start text)
  "Replace the line starting at START by TEXT.
Point stays on the same non-blank character; point in the indentation
goes to the first non-blank."
  (let* ((end (save-excursion (goto-char start) (line-end-position)))
         (old (buffer-substring-no-properties start end)))
    (unless (equal old text)
      (let* ((here (point))
             (inside (and (>= here start) (<= here end)))
             (before (and inside (length (gpuasm--squeezed (buffer-substring-no-properties start here))))))
        (save-excursion
          (goto-char start)
          (delete-region start end)
          (insert text))
        (when inside
          (goto-char start)
          (let ((limit (line-end-position)) (seen 0))
            (while (and (< (point) limit) (< seen before))
              (unless (memq (char-after) '(?\s ?\t ?\r)) (setq seen (1+ seen)))
              (forward-char 1))))))
    (when (save-excursion (skip-chars-backward " \t") (bolp))
      (skip-chars-forward " \t"))))

(defun gpuasm--mnemonic-column-above ()
  "The column of the first mnemonic on the line above, if it is a statement."
  (save-excursion
    (when (and (zerop (forward-line -1)) (gpuasm--line-starts-statement-p))
      (let ((layout (gpuasm--line-layout)))
        (and layout (plist-get layout :anchor))))))

(defun gpuasm-indent-line ()
  "Lay the statement line at point out as the server's formatting would.
The guard, mnemonic, operands and trailing comment move to the columns of
the line's block; only whitespace changes.  Lines that are not statements,
and lines whose shape formatting does not know, are left as they are (the
server also leaves lines it finds in error, which this command cannot
know: `eglot-format' asks the server).  A blank line below a statement
line is indented to that line's mnemonic column, where the next statement
of the block goes."
  (interactive)
  (let ((line-start (line-beginning-position)))
    (cond
     ((save-excursion (beginning-of-line) (looking-at-p "[ \t]*$"))
      (let ((column (gpuasm--mnemonic-column-above)))
        (if (not column) 'noindent
          (gpuasm--replace-line line-start (gpuasm--indentation column))
          (end-of-line))))
     ((gpuasm--line-starts-statement-p)
      (let* ((bounds (gpuasm--block-bounds))
             (text (cdr (assq line-start (gpuasm--lay-block (car bounds) (cdr bounds))))))
        (if text (gpuasm--replace-line line-start text) 'noindent)))
     (t 'noindent))))

(defun gpuasm-indent-region (start end)
  "Lay out every statement line from START to END as the server's formatting.
Blank lines and lines that are not statements are left as they are."
  (save-excursion
    (goto-char start)
    (beginning-of-line)
    (let ((end-marker (copy-marker end)))
      (while (< (point) end-marker)
        (if (not (gpuasm--line-starts-statement-p))
            (forward-line 1)
          (let* ((bounds (gpuasm--block-bounds))
                 (laid (gpuasm--lay-block (car bounds) (cdr bounds))))
            ;; A line's text is replaced in place: the lines keep their number.
            (goto-char (car bounds))
            (dolist (line laid)
              (let ((text (cdr line)))
                (when (and text (>= (point) (save-excursion (goto-char start) (line-beginning-position)))
                           (< (point) end-marker))
                  (delete-region (point) (line-end-position))
                  (insert text)))
              (forward-line 1)))))
      (set-marker end-marker nil))))

;;;; The mode

;;;###autoload
(define-derived-mode gpuasm-mode prog-mode "gpuasm"
  "Major mode for the assembly language of gpuasm's GPU ISA.
Highlighting by the grammar's classes, `//' and `/* */' comments, TAB and
`indent-region' in the layout of the server's formatting.  \\[eglot] (or
`lsp' with lsp-mode) starts the language server `gpuasm lsp' (the binary
is `gpuasm-program')."
  :syntax-table gpuasm-mode-syntax-table
  (setq-local font-lock-defaults '(gpuasm-font-lock-keywords nil nil))
  (setq-local comment-start "// ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "\\(?://+\\|/\\*+\\)[ \t]*")
  (setq-local indent-tabs-mode nil)
  (setq-local indent-line-function #'gpuasm-indent-line)
  (setq-local indent-region-function #'gpuasm-indent-region)
  (setq-local electric-indent-chars (cons ?\; electric-indent-chars)))

;;;; The language server: eglot and lsp-mode

(defun gpuasm--server-command (&rest _)
  "The command that starts the language server: `gpuasm-program' lsp."
  (list gpuasm-program "lsp"))

(defvar eglot-server-programs)
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(gpuasm-mode . gpuasm--server-command)))

(defvar lsp-language-id-configuration)
(declare-function lsp-register-client "lsp-mode" (client))
(declare-function make-lsp-client "lsp-mode" (&rest args))
(declare-function lsp-stdio-connection "lsp-mode" (command &optional test-command))
(declare-function lsp-activate-on "lsp-mode" (&rest languages))
(with-eval-after-load 'lsp-mode
  (add-to-list 'lsp-language-id-configuration '(gpuasm-mode . "gpuasm"))
  (lsp-register-client
   (make-lsp-client :new-connection (lsp-stdio-connection #'gpuasm--server-command)
                    :activation-fn (lsp-activate-on "gpuasm")
                    :server-id 'gpuasm)))

(provide 'gpuasm-mode)

;;; gpuasm-mode.el ends here
