-- Deciding whether an `.asm` buffer is written in gpuasm's ISA. `.asm` is shared with NASM,
-- MASM, ARM and others, so the extension alone says nothing; the content does:
--
--   * a `// gpuasm` marker line among the first five lines, or a `// @state` directive
--     (docs/LANGUAGE.md) anywhere in the first `M.max_lines` lines: always gpuasm;
--   * otherwise the code lines (what is left after removing `//` and `/* */` comments) are
--     read: at least one must be a statement of this ISA's shape — `[@guard] MNEMONIC[.MOD…]
--     operands ;` with an upper-case mnemonic and a register of this ISA (R0, RZ, UR4, P0, PT,
--     R[0:1], c[0x0][0x10], …) — and at least 80% of the code lines must be such statements.
--     Every statement of this ISA ends in `;`; assemblers that use `;` to start a comment fail
--     the 80% rule.
--
-- `vim.g.gpuasm_filetype_detect` selects the rule: true or "content" (the default: both rules
-- above), "marker" (only the marker or a `// @state` line), "always" (every .asm file is
-- gpuasm) or false (never; set the filetype yourself, e.g. with a `// vim: ft=gpuasm` modeline).
local M = {}

M.max_lines = 200
M.marker_lines = 5
M.share = 0.8

-- Operand tokens that only this ISA's registers and memory operands have.
local register_patterns = {
  '^R%d+$', '^RZ$', '^UR%d+$', '^URZ$', '^P[0-6]$', '^PT$', '^UP[0-6]$', '^UPT$', '^PR$', '^UPR$',
  '^U?R%[', '^c%[', '^cmem%[',
}

local function strip_comments(line, in_block)
  local out = {}
  local i = 1
  while i <= #line do
    if in_block then
      local close = line:find('*/', i, true)
      if not close then return table.concat(out), true end
      in_block, i = false, close + 2
    else
      local open = line:find('/*', i, true)
      local slash = line:find('//', i, true)
      if slash and (not open or slash < open) then
        out[#out + 1] = line:sub(i, slash - 1)
        return table.concat(out), false
      end
      if not open then
        out[#out + 1] = line:sub(i)
        return table.concat(out), false
      end
      out[#out + 1] = line:sub(i, open - 1)
      in_block, i = true, open + 2
    end
  end
  return table.concat(out), in_block
end

local function is_register_operand(token)
  -- Prefixes (-, ~, !, |) and suffixes (.H1, .B0) do not change what the operand is.
  token = token:gsub('^[%-~!|]+', ''):gsub('|$', '')
  token = token:gsub('%.[%u%d]+$', '')
  for _, pattern in ipairs(register_patterns) do
    if token:match(pattern) then return true end
  end
  return false
end

-- One statement without its `;`: `[@guard] MNEMONIC[.MOD…] [operand {, operand}] [$sched…]`.
local function is_statement(text)
  text = vim.trim(text)
  text = text:gsub('^@!?U?P[0-6T]%s+', '')
  local mnemonic, rest = text:match('^([%u][%u%d_]*[%.%u%d_]*)(.*)$')
  if not mnemonic or (rest ~= '' and not rest:match('^%s')) then return false end
  rest = vim.trim(rest:gsub('%$%a+', ''))
  if rest == '' then return true end
  for operand in vim.gsplit(rest, ',', true) do
    local token = vim.trim(operand)
    if is_register_operand(token) then return true end
  end
  return false
end

-- A code line is a statement line when it is a sequence of statements, each ending in `;`.
local function is_statement_line(code)
  code = vim.trim(code)
  if code:sub(-1) ~= ';' then return false end
  for statement in vim.gsplit(code:sub(1, -2), ';', true) do
    if not is_statement(statement) then return false end
  end
  return true
end

--- Whether `lines` (a list of strings) read as gpuasm under `mode` ("content" or "marker").
--- Returns the verdict and the reason, for `:checkhealth`-style messages and the tests.
function M.matches(lines, mode)
  local in_block = false
  local code_lines, statements = 0, 0
  for i, line in ipairs(lines) do
    if i > M.max_lines then break end
    if i <= M.marker_lines and line:match('^%s*//%s*gpuasm%f[^%w_-]') then return true, 'marker' end
    if line:match('^%s*//%s*@state%s') then return true, 'state directive' end
    local code
    code, in_block = strip_comments(line, in_block)
    if code:match('%S') then
      code_lines = code_lines + 1
      if is_statement_line(code) then statements = statements + 1 end
    end
  end
  if mode == 'marker' then return false, 'no marker' end
  if statements == 0 then return false, 'no statement of this ISA' end
  if statements < M.share * code_lines then
    return false, string.format('%d of %d code lines are statements of this ISA', statements, code_lines)
  end
  return true, 'content'
end

local function mode()
  local setting = vim.g.gpuasm_filetype_detect
  if setting == nil or setting == true or setting == 1 then return 'content' end
  if setting == false or setting == 0 then return nil end
  return setting
end

--- Called for every `.asm` buffer read (ftdetect/gpuasm.lua), after Neovim's own detection.
function M.detect(buf)
  local m = mode()
  if not m then return end
  local is_gpuasm = m == 'always'
  if not is_gpuasm then is_gpuasm = M.matches(vim.api.nvim_buf_get_lines(buf, 0, M.max_lines, false), m) end
  if is_gpuasm and vim.bo[buf].filetype ~= 'gpuasm' then vim.bo[buf].filetype = 'gpuasm' end
end

--- Whether lines are the spec's DSL: a `__Def…` definition among the first non-blank lines.
function M.is_spec(lines)
  for _, line in ipairs(lines) do
    if line:match('^%s*__Def') then return true end
  end
  return false
end

--- Called for every `.isa` and `.txt` buffer read (ftdetect/gpuasm.lua): the spec's files.
function M.detect_spec(buf)
  if not mode() then return end
  local name = vim.api.nvim_buf_get_name(buf)
  if name:match('%.isa$') or M.is_spec(vim.api.nvim_buf_get_lines(buf, 0, 20, false)) then
    if vim.bo[buf].filetype ~= 'gpuasmspec' then vim.bo[buf].filetype = 'gpuasmspec' end
  end
end

return M
