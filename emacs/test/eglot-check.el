;;; eglot-check.el --- gpuasm-mode with eglot and lsp-mode against `gpuasm lsp'  -*- lexical-binding: t; -*-

;; What tests/install/deb-in-chroot.sh runs in the installed system, as
;;   emacs --batch -q -l eglot-check.el RESULT-FILE BAD.asm OTHER.asm...
;; -q skips only the init file: site-start (Debian's /etc/emacs/site-start.d, where the package
;; loads gpuasm-mode's autoloads) runs as for a user.  BAD.asm has an error in it; each OTHER.asm is
;; formatted by the server and by gpuasm-mode.  Writes one `key=value' line per finding to RESULT-FILE; every wait is bounded.

;;; Code:

(require 'cl-lib)

(defvar gpuasm-check-results nil "The finding lines, newest first.")

(defun gpuasm-check-note (format-string &rest args)
  "Record one finding: FORMAT-STRING with ARGS."
  (push (apply #'format format-string args) gpuasm-check-results))

(defun gpuasm-check-wait (seconds predicate)
  "Process output for up to SECONDS until PREDICATE holds; its last value."
  (let ((deadline (+ (float-time) seconds)) (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.1))
    value))

(defun gpuasm-check-eglot (bad)
  "Open BAD with eglot and wait for its diagnostics."
  (require 'eglot)
  (with-current-buffer (find-file-noselect bad)
    (gpuasm-check-note "mode=%s" major-mode)
    ;; `eglot-ensure' connects from `post-command-hook', which batch mode never runs; this is
    ;; what it then does: the contact from `eglot-server-programs'.
    (let* ((guess (eglot--guess-contact))
           (contact (nth 3 guess)))
      (gpuasm-check-note "eglot-contact=%s" (mapconcat #'identity contact " "))
      (apply #'eglot guess))
    (let ((server (gpuasm-check-wait 20 (lambda () (eglot-current-server)))))
      (gpuasm-check-note "eglot=%s" (if server "connected" "not connected")))
    (flymake-start)
    (let ((diagnostics (gpuasm-check-wait
                        20 (lambda () (or (flymake-diagnostics) (progn (flymake-start) nil))))))
      (gpuasm-check-note "diagnostics=%d" (length diagnostics))
      (dolist (d diagnostics)
        (gpuasm-check-note "diagnostic=%d: %s"
                           (line-number-at-pos (flymake-diagnostic-beg d))
                           (flymake-diagnostic-text d))))))

(defun gpuasm-check-format (file)
  "Whether the server's formatting of FILE and gpuasm-mode's `indent-region' agree.
The server's is textDocument/formatting through `eglot-format-buffer'."
  (let ((original (with-temp-buffer (insert-file-contents file) (buffer-string)))
        (name (file-name-nondirectory file))
        server-text mode-text)
    (with-current-buffer (find-file-noselect file)
      ;; Another file of the project joins the running server by itself.
      (unless (gpuasm-check-wait 10 (lambda () (eglot-managed-p)))
        (gpuasm-check-note "eglot-managed %s=no" name))
      (eglot-format-buffer)
      (setq server-text (buffer-string))
      (set-buffer-modified-p nil))
    (with-temp-buffer
      (insert original)
      (gpuasm-mode)
      (indent-region (point-min) (point-max))
      (setq mode-text (buffer-string)))
    (gpuasm-check-note "format %s=%s, %s" name (if (equal server-text mode-text) "same" "different")
                       (if (equal server-text original) "unchanged" "changed"))
    (unless (equal server-text mode-text)
      (let ((s (split-string server-text "\n")) (m (split-string mode-text "\n")) (n 1))
        (while (and s m)
          (unless (equal (car s) (car m))
            (gpuasm-check-note "format %s:%d=server %S, gpuasm-mode %S" name n (car s) (car m)))
          (setq s (cdr s) m (cdr m) n (1+ n)))))))

(defun gpuasm-check-lsp-mode (bad)
  "Open BAD with lsp-mode (flymake) and wait for its diagnostics."
  (require 'lsp-mode)
  ;; Where lsp-mode keeps the project roots a user confirmed: not the user's own file.
  (setq lsp-session-file (make-temp-file "gpuasm-lsp-session"))
  ;; Removed at exit, after lsp-mode's own exit hooks have written it.
  (add-hook 'kill-emacs-hook (lambda () (ignore-errors (delete-file lsp-session-file))) 90)
  (gpuasm-check-note "lsp-client=%s" (if (gethash 'gpuasm lsp-clients) "registered" "missing"))
  (gpuasm-check-note "lsp-language-id=%s" (alist-get 'gpuasm-mode lsp-language-id-configuration))
  (let ((copy (concat (file-name-sans-extension bad) "-lsp-mode.asm")))
    (copy-file bad copy t)
    (with-current-buffer (find-file-noselect copy)
      (gpuasm-check-note "lsp-mode-mode=%s" major-mode)
      (setq-local lsp-diagnostics-provider :flymake)
      ;; The project root without the question lsp-mode asks a user once.
      (lsp-workspace-folders-add (file-name-directory bad))
      (lsp)
      (gpuasm-check-note "lsp=%s" (if (gpuasm-check-wait 20 (lambda () (lsp-workspaces)))
                                      "connected" "not connected"))
      (let ((diagnostics (gpuasm-check-wait
                          20 (lambda () (or (flymake-diagnostics) (progn (flymake-start) nil))))))
        (dolist (d diagnostics)
          (gpuasm-check-note "lsp-diagnostic=%d: %s"
                             (line-number-at-pos (flymake-diagnostic-beg d))
                             (flymake-diagnostic-text d)))))))

(let ((result (nth 0 command-line-args-left))
      (bad (expand-file-name (nth 1 command-line-args-left)))
      (others (mapcar #'expand-file-name (nthcdr 2 command-line-args-left))))
  (setq command-line-args-left nil)
  (dolist (step (append (list (lambda () (gpuasm-check-eglot bad)))
                        (mapcar (lambda (file) (lambda () (gpuasm-check-format file))) others)
                        (list (lambda () (gpuasm-check-lsp-mode bad)))))
    (condition-case err (funcall step)
      (error (gpuasm-check-note "error=%s" (error-message-string err)))))
  (with-temp-file result
    (insert (mapconcat #'identity (reverse gpuasm-check-results) "\n") "\n"))
  (kill-emacs 0))

;;; eglot-check.el ends here
