; Highlights for gpuasm assembly. Capture names follow nvim-treesitter's conventions.

(comment) @comment

(mnemonic name: (identifier) @function.builtin)
(mnemonic (modifier) @attribute)

(guard "@" @punctuation.special)
(guard "!" @operator)

[(gpr) (uniform_gpr) (register_file)] @variable.builtin
[(predicate) (uniform_predicate) (predicate_set)] @constant.builtin
(selector) @property

[(integer) (float_bits)] @number
(float) @number.float

(address_space) @keyword
(scheduling_placeholder) @keyword.directive

; An identifier in operand position is no register the grammar knows: a placeholder or a typo.
(operand value: (identifier) @variable)

(operand prefix: _ @operator)
(absolute_value "|" @operator)
(register_indirect sign: _ @operator)
(constant_memory sign: _ @operator)

["," ";" ":" "."] @punctuation.delimiter
["[" "]"] @punctuation.bracket
