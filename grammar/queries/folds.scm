; Folding: block comments that span lines (instructions are one line each).
(comment) @fold
