;; gpuasm-mode for the .asm files of gpuasm's GPU ISA, from the gpuasm package: loads
;; /usr/share/emacs/site-lisp/gpuasm/gpuasm-mode-autoloads.el (which adds that directory to
;; `load-path' and claims the files; gpuasm-mode.el loads when one is visited).
(let ((autoloads "/usr/share/emacs/site-lisp/gpuasm/gpuasm-mode-autoloads.el"))
  (when (file-readable-p autoloads)
    (load autoloads nil t t)))
