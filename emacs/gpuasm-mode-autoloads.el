;;; gpuasm-mode-autoloads.el --- What loads gpuasm-mode when it is needed  -*- lexical-binding: t; -*-

;; This file is part of gpuasm; see the LICENSE file of the repository.

;;; Commentary:

;; Load this file at start-up (the Debian package's /etc/emacs/site-start.d/50gpuasm.el does;
;; after `cmake --install', see the README's "Emacs" section): it puts its own directory on
;; `load-path', makes `gpuasm-mode' an autoloaded command and claims `.asm' files of gpuasm's
;; ISA through `magic-mode-alist' (which comes before `auto-mode-alist' and its `asm-mode').
;; gpuasm-mode.el itself is loaded only when an `.asm' file is visited.

;;; Code:

(add-to-list 'load-path (directory-file-name (file-name-directory (or load-file-name buffer-file-name))))

(autoload 'gpuasm-mode "gpuasm-mode" "Major mode for the assembly language of gpuasm's GPU ISA." t)
(autoload 'gpuasm-asm-file-p "gpuasm-mode"
  "Whether the visited file is an `.asm' file of gpuasm's ISA.")

(defun gpuasm-mode-magic-p ()
  "Whether the visited `.asm' file is gpuasm's, by `gpuasm-asm-file-p'.
For `magic-mode-alist': other files are answered without loading
gpuasm-mode.el."
  (and buffer-file-name
       (string-match-p "\\.asm\\'" buffer-file-name)
       (gpuasm-asm-file-p)))

(add-to-list 'magic-mode-alist '(gpuasm-mode-magic-p . gpuasm-mode))

(provide 'gpuasm-mode-autoloads)

;;; gpuasm-mode-autoloads.el ends here
