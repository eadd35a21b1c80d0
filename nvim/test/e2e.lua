-- End-to-end test of nvim/ in Neovim itself: `nvim --headless -u NONE -i NONE -c 'luafile
-- nvim/test/e2e.lua'` (nvim/test/e2e.sh sets it up; CTest runs that). The plug-in is loaded the
-- way the README's bare runtimepath set-up loads it, talks to the real `gpuasm lsp`, and every
-- expected value comes from the spec or from a computation by hand, never from the program.
--
-- Environment: GPUASM_E2E_BINARY (the gpuasm executable), GPUASM_E2E_TMP (a scratch folder),
-- CC (the C compiler for the tree-sitter parser; default cc).
-- Prints one `ok`/`FAIL` line per check; exits 0 when every check passed, 1 otherwise.

local timeout_ms = 15000

local results = { passed = 0, failed = {} }

local function say(text)
  io.stdout:write(text .. '\n')
  io.stdout:flush()
end

local function check(name, condition, detail)
  if condition then
    results.passed = results.passed + 1
    say('ok   ' .. name)
  else
    table.insert(results.failed, name)
    say('FAIL ' .. name .. (detail and (': ' .. detail) or ''))
  end
  return condition
end

local function all_clients() return (vim.lsp.get_clients or vim.lsp.get_active_clients)() end

local function finish()
  for _, client in ipairs(all_clients()) do vim.lsp.stop_client(client.id) end
  vim.wait(3000, function() return #all_clients() == 0 end, 20)
  say(string.format('nvim e2e: %d passed, %d failed%s', results.passed, #results.failed,
    #results.failed > 0 and (' (' .. table.concat(results.failed, '; ') .. ')') or ''))
  vim.cmd(#results.failed == 0 and 'qall!' or 'cquit 1')
end

local script = debug.getinfo(1, 'S').source:sub(2)
local root = vim.fn.fnamemodify(script, ':p:h:h:h')
local plugin = root .. '/nvim'
local binary = os.getenv('GPUASM_E2E_BINARY') or ''
local tmp = os.getenv('GPUASM_E2E_TMP') or ''

-- Every notification, so a failed check can say what the plug-in reported.
local notifications = {}
vim.notify = function(message, level)
  table.insert(notifications, { message = message, level = level })
  say('     (notify) ' .. message)
end

local function last_notification()
  return notifications[#notifications] and notifications[#notifications].message or 'no notification'
end

local function read_lines(path) return vim.fn.readfile(path) end

local function write_file(name, lines)
  local path = tmp .. '/' .. name
  vim.fn.writefile(lines, path)
  return path
end

local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  return vim.api.nvim_get_current_buf()
end

local function find_line(buf, pattern)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if line:match(pattern) then return i end
  end
  error('no line matching ' .. pattern)
end

local function virtual_text(buf, ns, line)
  local texts = {}
  for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(buf, ns, { line, 0 }, { line, -1 }, { details = true })) do
    for _, chunk in ipairs(mark[4].virt_text or {}) do texts[#texts + 1] = chunk[1] end
  end
  return table.concat(texts)
end

local function scratch_lines(name)
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(b) == name then return vim.api.nvim_buf_get_lines(b, 0, -1, false) end
  end
  return nil
end

-- The 32-lane table of gpuasm://registers: lane number → { column label → cell }.
local function register_table(lines)
  local header, rows = nil, {}
  for _, line in ipairs(lines or {}) do
    local cells = vim.split(line, '|', true)
    for i, c in ipairs(cells) do cells[i] = vim.trim(c) end
    if cells[1] == 'lane' then
      header = cells
    elseif header and #cells == #header then
      local lane = tonumber((cells[1]:gsub('-', '')))
      rows[lane] = {}
      for i = 2, #cells do rows[lane][header[i]] = cells[i] end
    end
  end
  return rows
end

local function lower(s) return type(s) == 'string' and s:lower() or s end

local function hover_text(result)
  if not result or not result.contents then return '' end
  local contents = result.contents
  if type(contents) == 'string' then return contents end
  if contents.value then return contents.value end
  local parts = {}
  for _, item in ipairs(contents) do parts[#parts + 1] = type(item) == 'string' and item or item.value end
  return table.concat(parts, '\n')
end

local function request_sync(buf, method, params)
  local responses, err = vim.lsp.buf_request_sync(buf, method, params, timeout_ms)
  if not responses then return nil, tostring(err) end
  for _, response in pairs(responses) do
    if response.err then return nil, tostring(response.err.message) end
    return response.result
  end
  return nil, 'no response'
end

local function wait_for(what)
  return vim.wait(timeout_ms, what, 20)
end

-- Waits for a command's result, or stops early when the plug-in reports an error.
local function wait_for_result(what)
  local errors_before = 0
  for _, n in ipairs(notifications) do
    if n.level == vim.log.levels.ERROR then errors_before = errors_before + 1 end
  end
  return vim.wait(timeout_ms, function()
    if what() then return true end
    local errors = 0
    for _, n in ipairs(notifications) do
      if n.level == vim.log.levels.ERROR then errors = errors + 1 end
    end
    return errors > errors_before
  end, 20) and what()
end

-- Whether the server announced a capability (a request it does not announce would only time out).
local function announces(buf, capability)
  local client = require('gpuasm').client(buf)
  local capabilities = client and (client.server_capabilities or client.resolved_capabilities) or {}
  return capabilities[capability] ~= nil and capabilities[capability] ~= false
end

----------------------------------------------------------------------------------------------
-- Set-up as the README's bare runtimepath instructions do it.
vim.opt.runtimepath:prepend(plugin)
vim.cmd('filetype on')
vim.cmd('runtime! plugin/gpuasm.lua')

check('the test has its inputs', vim.fn.executable(binary) == 1 and vim.fn.isdirectory(tmp) == 1,
  'GPUASM_E2E_BINARY=' .. binary .. ' GPUASM_E2E_TMP=' .. tmp)
check('the commands exist', vim.fn.exists(':GpuasmRunToCursor') == 2 and vim.fn.exists(':GpuasmExecute') == 2
  and vim.fn.exists(':GpuasmEncoding') == 2)

local gpuasm = require('gpuasm')
check('the default binary is build/bin/gpuasm of this repository',
  gpuasm.repository_binary() == root .. '/build/bin/gpuasm', gpuasm.repository_binary())

----------------------------------------------------------------------------------------------
-- Filetype detection: this ISA's files by content, other assemblers' .asm files untouched.
local filetype = require('gpuasm.filetype')
for _, example in ipairs({ 'illegal-modifier.asm', 'kernel.asm', 'warp-reduce.asm', 'spec-examples.asm' }) do
  local is_gpuasm, why = filetype.matches(read_lines(root .. '/examples/' .. example), 'content')
  check('examples/' .. example .. ' is detected as gpuasm', is_gpuasm, why)
end
local nasm = { 'section .text', 'global _start', '_start:', '    MOV EAX, 1        ; exit', '    XOR EBX, EBX', '    INT 0x80' }
local arm = { '    AREA main, CODE', '    MOV R0, R1 ; copy', '    ADD R0, R0, R2 ; add', '    BX LR' }
check('a NASM file is not gpuasm', not filetype.matches(nasm, 'content'))
check('an ARM file with ; comments is not gpuasm', not filetype.matches(arm, 'content'))
check('"marker" mode needs the // gpuasm marker',
  not filetype.matches(read_lines(root .. '/examples/kernel.asm'), 'marker')
    and filetype.matches({ '// gpuasm', 'MOV R1, R0 ;' }, 'marker'))

local nasm_path = write_file('nasm.asm', nasm)
local nasm_filetype = vim.bo[open(nasm_path)].filetype
check('an opened NASM .asm keeps Neovim\'s filetype', nasm_filetype ~= 'gpuasm' and nasm_filetype ~= '', nasm_filetype)
vim.g.gpuasm_filetype_detect = false
local opted_out = write_file('opted-out.asm', read_lines(root .. '/examples/warp-reduce.asm'))
local opted_out_filetype = vim.bo[open(opted_out)].filetype
check('vim.g.gpuasm_filetype_detect = false turns detection off', opted_out_filetype ~= 'gpuasm'
  and opted_out_filetype ~= '', opted_out_filetype)
vim.g.gpuasm_filetype_detect = nil

----------------------------------------------------------------------------------------------
-- A missing binary: a clear message, no client.
vim.g.gpuasm_binary = tmp .. '/no-such-dir/gpuasm'
local copy = write_file('copy.asm', { 'MOV R1, R0 ;' })
local copy_buf = open(copy)
check('a missing binary is reported with its path',
  vim.bo[copy_buf].filetype == 'gpuasm' and last_notification():find(tmp .. '/no-such-dir/gpuasm', 1, true) ~= nil
    and gpuasm.client(copy_buf) == nil, last_notification())
vim.cmd('bwipeout! ' .. copy_buf)
vim.g.gpuasm_binary = binary

----------------------------------------------------------------------------------------------
-- Tree-sitter by hand (the README's Neovim 0.7 steps): grammar/src/parser.c compiled with cc
-- into <dir>/parser/gpuasm.so and <dir> on 'runtimepath'; queries from nvim/queries/gpuasm.
local ts = require('gpuasm.treesitter')
local parser_path, build_error = ts.build_parser(tmp)
check('grammar/src/parser.c compiles into parser/gpuasm.so', parser_path ~= nil, build_error)
vim.opt.runtimepath:append(tmp)
check('the gpuasm parser loads from runtimepath', ts.has_parser())

----------------------------------------------------------------------------------------------
-- The language server on examples/illegal-modifier.asm.
local buf = open(root .. '/examples/illegal-modifier.asm')
check('examples/illegal-modifier.asm gets filetype gpuasm', vim.bo[buf].filetype == 'gpuasm', vim.bo[buf].filetype)
check('the gpuasm client attaches', wait_for(function() return gpuasm.client(buf) ~= nil end), last_notification())

-- Line 2 is `IADD.SAT R0, R1, R2 ;`: the spec's IADD syntax (000_ialu.txt:125-126) has only .X.
local sat_line = find_line(buf, '^IADD%.SAT') - 1
local got_diagnostics = wait_for(function() return #vim.diagnostic.get(buf) > 0 end)
local sat
for _, d in ipairs(vim.diagnostic.get(buf)) do
  if d.lnum == sat_line and d.code == 'unknown-modifier' then sat = d end
end
check('diagnostics arrive', got_diagnostics)
check('IADD.SAT is reported as unknown-modifier on its line', sat ~= nil and sat.source == 'gpuasm'
  and sat.message:find('SAT', 1, true) ~= nil, vim.inspect(vim.diagnostic.get(buf)))
check('the diagnostic starts at .SAT or SAT', sat ~= nil and (sat.col == 4 or sat.col == 5), sat and tostring(sat.col))

-- Tree-sitter highlighting of the same buffer: IADD is a mnemonic name, SAT a modifier.
check('tree-sitter highlighting is active', vim.treesitter.highlighter.active[buf] ~= nil)
local ok_captures, captures = pcall(function()
  local root_node = vim.treesitter.get_parser(buf, 'gpuasm'):parse()[1]:root()
  local query = ts.get_query('highlights')
  local found = {}
  for id, node in query:iter_captures(root_node, buf, sat_line, sat_line + 1) do
    local text = vim.treesitter.query.get_node_text and vim.treesitter.query.get_node_text(node, buf)
      or vim.treesitter.get_node_text(node, buf)
    found[text] = found[text] or query.captures[id]
  end
  return found
end)
check('highlights.scm captures IADD as function.builtin and SAT as attribute',
  ok_captures and captures.IADD == 'function.builtin' and captures.SAT == 'attribute', vim.inspect(captures))

-- Hover on IADD: the spec's __Description of IADD (000_ialu.txt:129).
local hover, hover_error = nil, 'the server does not announce hoverProvider'
if announces(buf, 'hoverProvider') then hover, hover_error = request_sync(buf, 'textDocument/hover',
  { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = sat_line, character = 1 } }) end
check('hover on IADD shows the spec\'s description', hover_text(hover):find('进行整数加法，即Rd = Ra + SrcB', 1, true) ~= nil,
  hover_error or hover_text(hover))

-- Completion after `FADD.`: FADD's modifiers (004_falu.txt:24-26: .FTZ .SAT .RN .RP .RM .RZ),
-- nothing of other instructions (IMAD's .WIDE) and no mnemonics.
vim.api.nvim_buf_set_lines(buf, -1, -1, false, { 'FADD.' })
local last_line = vim.api.nvim_buf_line_count(buf) - 1
-- The edit reaches the server (incremental didChange): `FADD.` has no operands and no `;`, an
-- error there (docs/LANGUAGE.md, "Statements and lines").
check('an edit is re-checked: the new line FADD. gets an error', wait_for(function()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.lnum == last_line and d.severity == vim.diagnostic.severity.ERROR then return true end
  end
  return false
end), vim.inspect(vim.diagnostic.get(buf)))
local completion, completion_error = nil, 'the server does not announce completionProvider'
if announces(buf, 'completionProvider') then
  completion, completion_error = request_sync(buf, 'textDocument/completion', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = last_line, character = 5 },
    context = { triggerKind = 2, triggerCharacter = '.' },
  })
end
local labels = {}
for _, item in ipairs(completion and (completion.items or completion) or {}) do labels[item.label] = true end
check('completion after FADD. offers .RZ and .FTZ', labels.RZ and labels.FTZ, completion_error or vim.inspect(vim.tbl_keys(labels)))
check('completion after FADD. offers no foreign modifier or mnemonic', next(labels) ~= nil and not labels.WIDE
  and not labels.IADD and not labels.FADD, completion_error or vim.inspect(vim.tbl_keys(labels)))
vim.cmd('bwipeout! ' .. buf)

----------------------------------------------------------------------------------------------
-- Folding from grammar/queries/folds.scm: a block comment over three lines is one fold.
local folded = open(write_file('folds.asm', { '// gpuasm', '/* three', '   lines', '   of comment */', 'MOV R1, R0 ;' }))
vim.wo.foldlevel = 99
check('a block comment over lines 2-4 folds', vim.fn.foldlevel(2) == 1 and vim.fn.foldlevel(4) == 1
  and vim.fn.foldlevel(1) == 0 and vim.fn.foldlevel(5) == 0 and vim.fn.foldclosedend(2) == -1,
  string.format('foldexpr=%s levels %d %d %d %d %d', vim.wo.foldexpr, vim.fn.foldlevel(1), vim.fn.foldlevel(2),
    vim.fn.foldlevel(3), vim.fn.foldlevel(4), vim.fn.foldlevel(5)))
vim.cmd('bwipeout! ' .. folded)

----------------------------------------------------------------------------------------------
-- :GpuasmRunToCursor on examples/warp-reduce.asm with the cursor on REDUX.SUM: the butterfly
-- has run. By hand: R0 = lane. After the steps with masks 16, 8, 4 and 2 each lane holds the sum
-- over the lanes of its parity: even lanes 0+2+…+30 = 240 (0xf0), odd lanes 1+3+…+31 = 256
-- (0x100). The last SHFL.BFLY with mask 1 gives R2 = the other parity's sum (lane 0: 0x100,
-- lane 1: 0xf0) and the last IADD R1 = 240 + 256 = 496 = 0x1f0 in every lane.
local commands = require('gpuasm.commands')
local display = require('gpuasm.display')
local warp = open(root .. '/examples/warp-reduce.asm')
check('the client attaches to warp-reduce.asm', wait_for(function() return gpuasm.client(warp) ~= nil end))

-- setup{ reference_dir = … } (the server's referenceDirectory): hover on a mnemonic ends with a
-- link to its page in `gpuasm doc` output there. Line 9's SHFL.BFLY PT, R2, R1, 0x10, 0x1f has
-- two immediates, so it is the variant SHFL_RI (002_sync.txt:171-183), on SHFL's page; the URI is
-- Neovim's own encoding of the path (a space in it is %20).
local shfl = find_line(warp, '^SHFL%.BFLY PT, R2, R1, 0x10')
local reference_dir = tmp .. '/the reference'
gpuasm.setup({ reference_dir = reference_dir })
local linked = hover_text(request_sync(warp, 'textDocument/hover',
  { textDocument = { uri = vim.uri_from_bufnr(warp) }, position = { line = shfl - 1, character = 1 } }))
local link = '[SHFL in the instruction reference](' .. vim.uri_from_fname(reference_dir .. '/instruction-SHFL.html')
  .. '#variant-SHFL_RI)'
check('with reference_dir, hover on SHFL ends with the link to its variant\'s page', vim.trim(linked):sub(-#link) == link,
  linked:sub(-200))
gpuasm.setup({ reference_dir = '' })
local redux = find_line(warp, '^REDUX%.SUM')
vim.api.nvim_win_set_cursor(0, { redux, 0 })
vim.cmd('GpuasmRunToCursor')
check(':GpuasmRunToCursor answers', wait_for_result(function() return commands.last.run ~= nil end), last_notification())
local run = commands.last.run or {}
check('the run stops before the cursor line', run.stop and run.stop.reason == 'until' and run.stop.line == redux,
  vim.inspect(run.stop))
local rows = register_table(scratch_lines('gpuasm://registers'))
local function lane_value(lane, register)
  local row = rows[lane] or {}
  for _, label in ipairs({ register .. '*', register, register .. '*:f32', register .. '*:s32' }) do
    if row[label] then return lower(row[label]) end
  end
end
local all_496 = true
for lane = 0, 31 do all_496 = all_496 and lane_value(lane, 'R1') == '0x000001f0' end
check('gpuasm://registers: R1 = 0x000001f0 in all 32 lanes', all_496, vim.inspect(rows[0]))
check('gpuasm://registers: R2 = 0x00000100 in lane 0 and 0x000000f0 in lane 1',
  lane_value(0, 'R2') == '0x00000100' and lane_value(1, 'R2') == '0x000000f0', vim.inspect({ rows[0], rows[1] }))
local last_iadd -- the IADD after the last SHFL.BFLY
for i, line in ipairs(vim.api.nvim_buf_get_lines(warp, 0, redux, false)) do
  if line:match('^IADD R1, R1, R2') then last_iadd = i end
end
local iadd_text = virtual_text(warp, display.run_ns, last_iadd - 1)
check('virtual text at the last IADD: R1 = 0x000001f0', lower(iadd_text):find('r1 = 0x000001f0', 1, true) ~= nil,
  iadd_text)
check('virtual text marks the stop line', virtual_text(warp, display.run_ns, redux - 1):find('stopped', 1, true) ~= nil)

-- :GpuasmRunToCursor with a state file: R0 = 2 in every lane overrides the file's
-- `// @state R0 = lane`, so the butterfly sums 32 × 2 = 64 = 0x40 into R1 of every lane.
commands.last.run = nil
local state_file = write_file('state.json', { '{"regs":{"R0":"0x2"}}' })
vim.cmd('GpuasmRunToCursor ' .. vim.fn.fnameescape(state_file))
check(':GpuasmRunToCursor STATE.json answers', wait_for_result(function() return commands.last.run ~= nil end),
  last_notification())
rows = register_table(scratch_lines('gpuasm://registers'))
check('with the state file: R0 = 0x00000002 and R1 = 0x00000040 in lane 17',
  lane_value(17, 'R0') == '0x00000002' and lane_value(17, 'R1') == '0x00000040', vim.inspect(rows[17]))

local broken_state = write_file('broken-state.json', { '{"regs":' })
vim.cmd('GpuasmRunToCursor ' .. vim.fn.fnameescape(broken_state))
check('a malformed state file is reported', last_notification():find('broken-state.json is not a JSON object', 1, true) ~= nil,
  last_notification())

-- :GpuasmExecute over `MOV R6, c[0x0][0x10]` and `FMUL R7, R6, 4.0`: the file's
-- `// @state c[0x0][0x10] = 0x3e000000` is 0.125f; 0.125 * 4 = 0.5 = 0x3f000000.
local mov = find_line(warp, '^MOV R6')
local fmul = find_line(warp, '^FMUL R7')
vim.cmd(string.format('%d,%dGpuasmExecute', mov, fmul))
check(':GpuasmExecute answers', wait_for_result(function() return commands.last.execute ~= nil end), last_notification())
local executed = commands.last.execute or {}
local traced = {}
for _, entry in ipairs(executed.trace or {}) do traced[#traced + 1] = entry.line end
check('only the two selected lines ran', vim.deep_equal(traced, { mov, fmul }), vim.inspect(traced))
rows = register_table(scratch_lines('gpuasm://registers'))
-- In their types: the MOV copies bits (hex), the FMUL's result is f32 (0x3f000000 = 2^-1 = 0.5).
check('gpuasm://registers: R6 = 0x3e000000 (bits), R7 = 0.5 in a column marked f32',
  lane_value(0, 'R6') == '0x3e000000' and (rows[31] or {})['R7*:f32'] == '0.5', vim.inspect(rows[0]))
local fmul_text = virtual_text(warp, display.run_ns, fmul - 1)
check('virtual text at FMUL: R7 = 0.5', lower(fmul_text):find('r7 = 0.5', 1, true) ~= nil, fmul_text)
-- The f32 text as the server writes it (isa-db DecimalFloat.h), bits worked out by hand from
-- IEEE 754 binary32: 0.1 rounds to 0x3dcccccd; 1e10 = 9765625 × 2^10 is exact (exponent 33);
-- 2^24 in 8 digits beats 1.6777216e+07; sign bit alone is -0; all-ones exponent: nan and inf.
local f32_cases = { [0x3f000000] = '0.5', [0x3dcccccd] = '0.1', [0x501502f9] = '1e+10',
  [0x4b800000] = '16777216.0', [0xc1800000] = '-16.0', [0x80000000] = '-0.0', [0x3a83126f] = '0.001',
  [0x7fc00000] = 'nan', [0xff800000] = '-inf' }
local f32_wrong = {}
for bits, text in pairs(f32_cases) do
  if display.format_f32(bits) ~= text then f32_wrong[#f32_wrong + 1] = string.format('0x%08x: %s', bits, tostring(display.format_f32(bits))) end
end
check('f32 values in their shortest decimal, s32 signed', #f32_wrong == 0 and display.typed('0xffffffff', 's32') == '-1'
  and display.typed('0x00000010', 's32') == '16' and display.typed('0x00000010', 'u32') == nil, table.concat(f32_wrong, '; '))

-- :GpuasmEncoding on the first `IADD R1, R1, R2 ;`: IADD_RR (000_ialu.txt:180) with rd = 1
-- in bits 16..23, ra = 1 in bits 24..31 and rb = 2 in bits 32..39.
local iadd = find_line(warp, '^IADD R1, R1, R2')
vim.cmd(iadd .. 'GpuasmEncoding')
check(':GpuasmEncoding answers', wait_for_result(function() return commands.last.encoding ~= nil end), last_notification())
local instruction = (commands.last.encoding and commands.last.encoding.instructions or {})[1] or {}
local fields = {}
for _, field in ipairs(instruction.fields or {}) do fields[field.name] = field end
local function field_is(name, hi, lo, value)
  local f = fields[name]
  return f ~= nil and f.hi == hi and f.lo == lo and tonumber(f.value) == value
end
check('encoding: IADD_RR with rd = 1 [23:16], ra = 1 [31:24], rb = 2 [39:32]', instruction.variant == 'IADD_RR'
  and field_is('rd', 23, 16, 1) and field_is('ra', 31, 24, 1) and field_is('rb', 39, 32, 2), vim.inspect(instruction))
-- The same bytes in the 128-bit word: byte k is hex digits 32-2k-1 and 32-2k after `0x`.
local word = lower(instruction.encoding or ''):gsub('^0x', '')
local function byte(k) return word:sub(32 - 2 * k - 1, 32 - 2 * k) end
check('encoding word holds rd, ra, rb in bytes 2, 3, 4', #word == 32 and byte(2) == '01' and byte(3) == '01' and byte(4) == '02',
  instruction.encoding)
check('encoding as virtual text and in gpuasm://encoding',
  virtual_text(warp, display.encoding_ns, iadd - 1):find(instruction.encoding or '\1', 1, true) ~= nil
    and table.concat(scratch_lines('gpuasm://encoding') or {}, '\n'):find('IADD_RR', 1, true) ~= nil)

----------------------------------------------------------------------------------------------
-- Live values on warp-reduce.asm, by hand as above: REDUX.SUM R3, R0 is 0 + … + 31 = 496 = 0x1f0
-- in every lane; the last SHFL.BFLY gives the 16 even lanes the odd sum 0x100 and the 16 odd
-- lanes the even sum 0xf0 (the summary lists lane 0's value first). Neovim 0.7-0.9 show them as
-- the plug-in's virtual text (textDocument/inlineValue); 0.10 and later as inlay hints.
local live = require('gpuasm.live')
check('the commands :GpuasmLiveValues and :GpuasmLane exist',
  vim.fn.exists(':GpuasmLiveValues') == 2 and vim.fn.exists(':GpuasmLane') == 2)
local last_shfl = find_line(warp, '^SHFL%.BFLY PT, R2, R1, 0x1, 0x1f')
local function live_text(line) return virtual_text(warp, live.ns, line - 1) end
local function shows(line, text) return wait_for(function() return live_text(line):find(text, 1, true) ~= nil end) end
if live.builtin() then
  local function hint_labels()
    local hints, hint_error = request_sync(warp, 'textDocument/inlayHint', {
      textDocument = { uri = vim.uri_from_bufnr(warp) },
      range = { start = { line = 0, character = 0 }, ['end'] = { line = redux, character = 0 } },
    })
    local labels = {}
    for _, h in ipairs(hints or {}) do labels[#labels + 1] = type(h.label) == 'string' and h.label or '' end
    return table.concat(labels, '|'), hint_error
  end
  local labels, hint_error = hint_labels()
  check('Neovim 0.10+: the inlay hints carry R3 = 0x1f0', labels:find('R3 = 0x1f0', 1, true) ~= nil, hint_error or labels)
  -- Values in their types: FMUL's result is f32, 0.125 * 4 = 0.5 (see :GpuasmExecute above).
  local fmul_hints, fmul_error = request_sync(warp, 'textDocument/inlayHint', {
    textDocument = { uri = vim.uri_from_bufnr(warp) },
    range = { start = { line = fmul - 1, character = 0 }, ['end'] = { line = fmul, character = 0 } },
  })
  local fmul_labels = {}
  for _, h in ipairs(fmul_hints or {}) do
    if h.position.line == fmul - 1 then fmul_labels[#fmul_labels + 1] = type(h.label) == 'string' and h.label or '' end
  end
  check('Neovim 0.10+: the FMUL line\'s hint is the f32 R7 = 0.5', table.concat(fmul_labels, '|'):find('R7 = 0.5', 1, true) ~= nil,
    fmul_error or table.concat(fmul_labels, '|'))
  check('Neovim 0.10+: inlay hints are on', vim.lsp.inlay_hint.is_enabled({ bufnr = warp }))
  vim.cmd('GpuasmLane 1')
  check('Neovim 0.10+: :GpuasmLane 1 makes the hints R2 = 0xf0',
    wait_for(function() return hint_labels():find('R2 = 0xf0', 1, true) ~= nil end), hint_labels())
  vim.cmd('GpuasmLane summary')
  -- The encoding hint is on the cursor's line: put it on the IADD.
  vim.api.nvim_win_set_cursor(vim.fn.bufwinid(warp), { iadd, 0 })
  require('gpuasm').send_cursor(warp)
  vim.cmd('GpuasmLiveValues off')
  check('Neovim 0.10+: :GpuasmLiveValues off leaves the encodings only', wait_for(function()
    local now = hint_labels()
    return now:find('R3 = 0x1f0', 1, true) == nil and now:find('0x%x+') ~= nil
  end) and vim.lsp.inlay_hint.is_enabled({ bufnr = warp }), hint_labels())
  vim.cmd('GpuasmLiveValues on')
else
  check('live values: R3 = 0x1f0 after REDUX.SUM', shows(redux, 'R3 = 0x1f0'), live_text(redux))
  -- Values in their types: FMUL's result is f32, 0.125 * 4 = 0.5 (see :GpuasmExecute above).
  check('live values: the FMUL line shows the f32 R7 = 0.5', shows(fmul, 'R7 = 0.5'), live_text(fmul))
  check('live values: the divergent summary after the last SHFL.BFLY',
    shows(last_shfl, 'R2: even lanes 0x100, odd lanes 0xf0'), live_text(last_shfl))
  vim.cmd('GpuasmLane 1')
  check(':GpuasmLane 1 shows lane 1: R2 = 0xf0', shows(last_shfl, 'R2 = 0xf0'), live_text(last_shfl))
  vim.cmd('GpuasmLane summary')
  check(':GpuasmLane summary goes back to the summary', shows(last_shfl, 'R2: even lanes'), live_text(last_shfl))
  vim.cmd('GpuasmLiveValues off')
  check(':GpuasmLiveValues off removes them', wait_for(function() return live_text(redux) == '' and live_text(last_shfl) == '' end),
    live_text(redux))
  check('the encoding virtual text stays', virtual_text(warp, display.encoding_ns, iadd - 1):find(instruction.encoding or '\1', 1, true) ~= nil)
  vim.cmd('GpuasmLiveValues')
  check(':GpuasmLiveValues toggles them on again', shows(redux, 'R3 = 0x1f0'), live_text(redux))
end

-- The plug-in declares that it reports its cursor (experimental.gpuasm.cursorNotifications;
-- a client that does not gets the encoding after every instruction, docs/PROTOCOL.md): the
-- server's encoding hints over the whole file are on the cursor's line only, the IADD's.
local gpuasm_client = require('gpuasm').client(warp)
local declared = gpuasm_client and vim.tbl_get(gpuasm_client.config, 'capabilities', 'experimental', 'gpuasm', 'cursorNotifications')
check('the client declares experimental.gpuasm.cursorNotifications', declared == true, vim.inspect(declared))
vim.api.nvim_win_set_cursor(vim.fn.bufwinid(warp), { iadd, 0 })
require('gpuasm').send_cursor(warp)
local function encoding_hint_lines()
  local hints, hint_error = request_sync(warp, 'textDocument/inlayHint', {
    textDocument = { uri = vim.uri_from_bufnr(warp) },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = vim.api.nvim_buf_line_count(warp), character = 0 } },
  })
  local lines = {}
  for _, h in ipairs(hints or {}) do
    if type(h.label) == 'string' and h.label:match('^0x' .. string.rep('%x', 32) .. '$') then
      lines[#lines + 1] = h.position.line
    end
  end
  return lines, hint_error
end
check('the encoding hint is on the cursor\'s line only', wait_for(function()
  local lines = encoding_hint_lines()
  return #lines == 1 and lines[1] == iadd - 1
end), vim.inspect({ encoding_hint_lines() }))

-- A false `// @expect` after REDUX.SUM is an error naming R3's value (0x1f0 in all 32 lanes),
-- found once the server has run the file; made true, it goes.
vim.api.nvim_buf_set_lines(warp, redux, redux, false, { '// @expect R3 == 0x1f1' })
local function expectation()
  for _, d in ipairs(vim.diagnostic.get(warp)) do
    if d.code == 'expectation-failed' then return d end
  end
end
check('a false // @expect is an expectation-failed error on its line', wait_for(function()
  local d = expectation()
  return d ~= nil and d.lnum == redux and d.severity == vim.diagnostic.severity.ERROR
    and d.message:find("'R3 == 0x1f1' is false in 32 of 32 active lanes (0\u{2013}31): R3 is 0x1f0 in each", 1, true) ~= nil
end), vim.inspect(vim.diagnostic.get(warp)))
vim.api.nvim_buf_set_lines(warp, redux, redux + 1, false, { '// @expect R3 == 0x1f0' })
check('made true, the error goes', wait_for(function() return expectation() == nil end), vim.inspect(expectation()))

-- Register pressure (issue 30) on a copy of examples/warp-reduce.asm (the buffer above has an
-- extra line now), by hand (docs/LANGUAGE.md, "Register pressure"; a value is live from its
-- write to its last read, a result to the end). R0 (the initial `lane`) lives to REDUX on line
-- 20; the butterfly keeps one R1 and one R2 value live on lines 9-18 (3 with R0), line 8 has R0
-- and R1 (2); line 20: R0, R1, R3 (3); 21: R1, R3 (2); 22: R1 and the result R4 (2); 24: R1's
-- last read, R4, R5 (3); 25: R4, R5, R6 (3); 26: R4, R5, R6's last read, R7 (4); 27: R4, R5, R7,
-- R8 (4). P: P0 on 21-22, P1 (a result) from 22: 2 on line 22 only. So R peaks first on line 26
-- and P on line 22, on different lines: `peak 4 R at line 26, 2 P at line 22`, the lens on the
-- first statement (line 8), its command revealing 0-based line 25.
local pressure = require('gpuasm.pressure')
local pressure_path = write_file('pressure.asm', read_lines(root .. '/examples/warp-reduce.asm'))
local pressure_buf = open(pressure_path)
local peak_title = 'peak 4 R at line 26, 2 P at line 22'
check('the command :GpuasmPressure exists', vim.fn.exists(':GpuasmPressure') == 2)
local function lens_of(b)
  local lens = vim.lsp.codelens.get(b)[1]
  return lens and lens.command and lens or nil
end
check('the pressure lens on the first statement: ' .. peak_title, wait_for(function()
  local lens = lens_of(pressure_buf)
  return lens ~= nil and lens.range.start.line == 7 and lens.command.title == peak_title
    and lens.command.command == 'gpuasm.ui.revealLine' and lens.command.arguments[2] == 25
end), vim.inspect(vim.lsp.codelens.get(pressure_buf)))
local function lens_text()
  local client = gpuasm.client(pressure_buf)
  return client and virtual_text(pressure_buf, vim.lsp.codelens.__namespaces[client.id], 7) or ''
end
check('the lens is virtual text on line 8', wait_for(function() return lens_text():find(peak_title, 1, true) ~= nil end),
  lens_text())
-- `gpuasm stats` (the command line's own formatting of the same figures) names the same peaks.
local stats = vim.fn.systemlist({ binary, 'stats', pressure_path })
check('gpuasm stats prints the same peak', stats[1] == pressure_path .. ': ' .. peak_title, stats[1])
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.cmd('GpuasmPressure')
check(':GpuasmPressure says the peak and jumps to line 26', wait_for_result(function()
  return pressure.last ~= nil and vim.api.nvim_win_get_cursor(0)[1] == 26
end) and pressure.last.title == peak_title and last_notification():find(peak_title, 1, true) ~= nil,
  last_notification() .. ' / cursor ' .. vim.api.nvim_win_get_cursor(0)[1])
vim.api.nvim_win_set_cursor(0, { 8, 0 })
vim.lsp.codelens.run()
check('vim.lsp.codelens.run() on the lens runs gpuasm.ui.revealLine: the cursor on line 26',
  wait_for(function() return vim.api.nvim_win_get_cursor(0)[1] == 26 end),
  'cursor ' .. vim.api.nvim_win_get_cursor(0)[1] .. ', ' .. last_notification())
check('the lens is back after it ran', wait_for(function() return lens_text():find(peak_title, 1, true) ~= nil end), lens_text())
vim.lsp.commands['gpuasm.ui.revealLine']({ command = 'gpuasm.ui.revealLine', arguments = { vim.uri_from_bufnr(pressure_buf), 20 } },
  { bufnr = pressure_buf })
check('gpuasm.ui.revealLine [uri, 20] puts the cursor on line 21', vim.api.nvim_win_get_cursor(0)[1] == 21,
  'cursor ' .. vim.api.nvim_win_get_cursor(0)[1])
gpuasm.setup({ code_lens = false })
check('setup{ code_lens = false } removes the lens', wait_for(function() return lens_text() == '' end), lens_text())
gpuasm.setup({ code_lens = true })
check('setup{ code_lens = true } shows it again', wait_for(function() return lens_text():find(peak_title, 1, true) ~= nil end),
  lens_text())

-- Explain this line (issue 30): hover on the mnemonic of `FADD.RZ R4, R3, R5` with R3 = 1.0
-- (0x3f800000) and R5 = 3 * 2^-24 (0x34400000: exponent 0x68 = 127 - 23, mantissa 1.5). One ulp
-- of 1.0 is 2^-23, so the exact sum is 1 + 1.5 ulp: .RZ and .RM give 1 + 1 ulp (0x3f800001),
-- .RP 1 + 2 ulps (0x3f800002) and .RN, a tie, the even mantissa 2 (0x3f800002): ULPs from
-- .RZ 0, 0, +1, +1. The hover shows the live run once the run reached the line: the plug-in's
-- live values (0.7) or inlay hints (0.10, asked for here as Neovim does on a redraw) run it.
local rounding = open(write_file('rounding.asm', { '// gpuasm', '// @state R3 = 0x3f800000', '// @state R5 = 0x34400000',
  'FADD.RZ R4, R3, R5 ;' }))
check('the client attaches to rounding.asm', wait_for(function() return gpuasm.client(rounding) ~= nil end))
local function rounding_hover()
  if live.builtin() then
    request_sync(rounding, 'textDocument/inlayHint', { textDocument = { uri = vim.uri_from_bufnr(rounding) },
      range = { start = { line = 0, character = 0 }, ['end'] = { line = 4, character = 0 } } })
  end
  local result, err = request_sync(rounding, 'textDocument/hover',
    { textDocument = { uri = vim.uri_from_bufnr(rounding) }, position = { line = 3, character = 1 } })
  return err or hover_text(result)
end
local rounding_text = ''
wait_for(function()
  rounding_text = rounding_hover()
  return rounding_text:find('Result under each rounding mode (lane 0)', 1, true) ~= nil
end)
check('hover on FADD.RZ explains the line: its semantics and the live inputs',
  rounding_text:find('Semantics of this line', 1, true) ~= nil and rounding_text:find('Live run: inputs before this line', 1, true) ~= nil,
  rounding_text)
local modes = {}
for _, line in ipairs(vim.split(rounding_text, '\n', true)) do
  local cells = vim.split(line, '|', true)
  if #cells == 6 and vim.trim(cells[2]):match('^%.R[NPMZ]') then
    modes[vim.trim(cells[2])] = { result = tonumber(vim.trim(cells[3])), bits = lower(vim.trim(cells[4])), ulps = vim.trim(cells[5]) }
  end
end
-- The result column is the shortest decimal that reads back as those bits: within half an ulp.
local function mode_is(mode, bits, value, ulps)
  local m = modes[mode]
  return m ~= nil and m.bits == bits and m.result ~= nil and math.abs(m.result - value) < 2 ^ -24 and m.ulps == ulps
end
check('the rounding table: .RZ (this line) and .RM 0x3f800001, .RP and .RN 0x3f800002 (+1 ulp)',
  rounding_text:find('ULPs from .RZ', 1, true) ~= nil
    and mode_is('.RZ (this line)', '0x3f800001', 1 + 2 ^ -23, '0') and mode_is('.RM', '0x3f800001', 1 + 2 ^ -23, '0')
    and mode_is('.RP', '0x3f800002', 1 + 2 ^ -22, '+1') and mode_is('.RN', '0x3f800002', 1 + 2 ^ -22, '+1'),
  vim.inspect(modes) .. '\n' .. rounding_text)
vim.cmd('bwipeout! ' .. rounding)

-- The warp debugger without nvim-dap: a breakpoint on line 20 (REDUX.SUM) of a copy of
-- examples/warp-reduce.asm, :GpuasmDebug stops before line 8 (the first instruction), continue
-- stops at the breakpoint. By hand (R0 = lane): before line 20 the butterflies made R1 = 0 + … +
-- 31 = 496 = 0x1f0 in every lane and lane 0's R2 = the odd lanes' sum 256 = 0x100; one step back
-- (before line 18's IADD) lane 0's R1 is the even lanes' sum 240 = 0xf0, last written by the
-- IADD of line 16; lane 1's R2 is then the even sum 0xf0 (SHFL.BFLY 0x1 of line 17).
local debug_path = write_file('debug.asm', read_lines(root .. '/examples/warp-reduce.asm'))
local debug_buf = open(debug_path)
local debugger = require('gpuasm.debug')
local function debug_row(lane)
  for _, line in ipairs(scratch_lines('gpuasm://debug') or {}) do
    local number = line:match('^[ >]%s*(%d+)[ -]')
    if tonumber(number) == lane then return line end
  end
  return ''
end
local function stopped_at(line)
  return wait_for(function() return debugger.last_warp ~= nil and debugger.last_warp.line == line end)
end
vim.api.nvim_win_set_cursor(0, { 20, 0 })
vim.cmd('GpuasmBreakpoint')
check(':GpuasmBreakpoint places a sign on line 20',
  #vim.fn.sign_getplaced(debug_buf, { group = 'gpuasm_debug_breakpoints', lnum = 20 })[1].signs == 1)
vim.cmd('GpuasmDebug')
check(':GpuasmDebug stops before the first instruction (line 8)', stopped_at(8)
  and debugger.last_stop.reason == 'entry', vim.inspect(debugger.last_warp))
check('the position sign is on line 8', #vim.fn.sign_getplaced(debug_buf, { group = 'gpuasm_debug', lnum = 8 })[1].signs == 1)
vim.cmd('GpuasmContinue')
check(':GpuasmContinue stops at the breakpoint on line 20', stopped_at(20) and debugger.last_stop.reason == 'breakpoint',
  vim.inspect(debugger.last_stop))
local function row_has(lane, ...)
  local row = debug_row(lane)
  for _, value in ipairs({ ... }) do
    if not row:find(value, 1, true) then return false end
  end
  return true
end
check('gpuasm://debug shows lane 0: R1 = 0x000001f0, R2 = 0x00000100, lane 0 in focus',
  wait_for(function() return row_has(0, '0x000001f0', '0x00000100') and debug_row(0):sub(1, 1) == '>' end), debug_row(0))
vim.cmd('GpuasmStepBack')
check(':GpuasmStepBack goes back before line 18', stopped_at(18), vim.inspect(debugger.last_warp))
check('lane 0: R1 = 0x000000f0 again', wait_for(function() return row_has(0, '0x000000f0', '0x00000100') end), debug_row(0))
vim.cmd('GpuasmDebugLane 1')
check(':GpuasmDebugLane 1 puts lane 1 in focus', wait_for(function() return debug_row(1):sub(1, 1) == '>' end), debug_row(1))
vim.cmd('GpuasmWhy R1[0]')
check(':GpuasmWhy R1[0]: written by the IADD of line 16', wait_for(function()
  return debugger.last_why ~= nil and debugger.last_why:find('R1[0] = 0x000000f0: line 16 IADD R1, R1, R2 ;', 1, true) ~= nil
end), tostring(debugger.last_why))
local before = #notifications
vim.cmd('GpuasmEval R2')
check(':GpuasmEval R2 in lane 1 is 0xf0', wait_for(function()
  for i = before + 1, #notifications do
    if notifications[i].message:find('R2 = 0xf0 (lane 1)', 1, true) then return true end
  end
  return false
end), last_notification())
-- :GpuasmLanes (issue 30) before line 18's IADD R1, R1, R2 (reads R1 and R2, writes R1), just
-- after line 17's SHFL.BFLY PT, R2, R1, 0x1, 0x1f: by .BFLY's j = lane ^ 1 (always <= maxLane 31)
-- lane 0 received lane 1's R1 and lane 1 lane 0's. :GpuasmGotoStep 9 goes back before that
-- SHFL (positions: line 8 is step 0, line 17 step 9), now the next instruction.
local function lanes_row(lane)
  for _, line in ipairs(scratch_lines('gpuasm://lanes') or {}) do
    if tonumber(line:match('^%s*>?(%d+)%s')) == lane then return line end
  end
  return ''
end
local function lanes_has(text)
  for _, line in ipairs(scratch_lines('gpuasm://lanes') or {}) do
    if line:find(text, 1, true) then return line end
  end
end
vim.cmd('GpuasmLanes')
check(':GpuasmLanes shows the SHFL just executed: lane 0 <- lane 1, lane 1 (in focus) <- lane 0', wait_for(function()
  return lanes_has('SHFL (just executed, line 17)') and lanes_row(0):find('←lane 1', 1, true)
    and lanes_row(1):find('>1', 1, true) and lanes_row(1):find('←lane 0', 1, true)
end), table.concat(scratch_lines('gpuasm://lanes') or {}, '\n'))
check('gpuasm://lanes marks the IADD\'s reads and writes', (function()
  local lines = scratch_lines('gpuasm://lanes') or {}
  for i, line in ipairs(lines) do
    local r1 = line:find(' R1', 1, true)
    if line:find('lane', 1, true) == 1 + #line:match('^%s*') and r1 then
      local marks = lines[i + 1] or ''
      return marks:find('rw', 1, true) ~= nil and lanes_row(0):find('0xf0*', 1, true) ~= nil
    end
  end
  return false
end)(), table.concat(scratch_lines('gpuasm://lanes') or {}, '\n'))
vim.cmd('GpuasmGotoStep 9')
check(':GpuasmGotoStep 9 goes before line 17, and gpuasm://lanes follows', stopped_at(17) and wait_for(function()
  return lanes_has('SHFL (next, line 17)') and lanes_row(0):find('←lane 1', 1, true)
end), table.concat(scratch_lines('gpuasm://lanes') or {}, '\n'))
check('the position sign is on line 17', #vim.fn.sign_getplaced(debug_buf, { group = 'gpuasm_debug', lnum = 17 })[1].signs == 1)
-- The drawing of a reply made by hand: @P0 REDUX.SUM over lanes 0 and 2 (P0 = 0x5), R3 = 0 + 2.
local lanes_text = require('gpuasm.lanes').lines({ position = 1, length = 2, reached = 1, line = 2, lane = 0,
  activeMask = '0xffffffff', registers = { { name = 'R0', values = vim.tbl_map(function(l) return string.format('0x%08x', l) end, vim.fn.range(0, 31)) } },
  next = { position = 1, line = 2, source = '@P0 REDUX.SUM R3, R0 ;', reads = { 'P0', 'R0' }, writes = { 'R3' }, guard = 'P0',
    guardLanes = '0x00000005', lanes = '0x00000005',
    exchange = { op = 'REDUX', participants = '0x00000005', results = { { register = 'R3', value = '0x00000002' } } } } })
local function drawn_row(lane)
  for _, line in ipairs(lanes_text) do
    if tonumber(line:match('^%s*>?(%d+)%s')) == lane then return line end
  end
  return ''
end
local function cells(lane) return table.concat(vim.split(vim.trim(drawn_row(lane)), '%s+'), ' ') end
check('REDUX is drawn as the lanes it combines, with its guard strip and result',
  cells(0) == '>0 # # ● 0x0*' and cells(1) == '1 # . 0x1' and cells(2) == '2 # # ● 0x2*'
    and lanes_text[4] == 'REDUX (next, line 2): combines lanes 0x00000005   R3 = 0x2',
  table.concat(lanes_text, '\n'))
local adapter_pid = debugger.session and debugger.session.pid
vim.cmd('GpuasmDebugStop')
check(':GpuasmDebugStop ends the adapter', adapter_pid ~= nil and wait_for(function()
  return debugger.session == nil and vim.fn.isdirectory('/proc/' .. adapter_pid) == 0
end), tostring(adapter_pid))
check('no position sign after the session', #vim.fn.sign_getplaced(debug_buf, { group = 'gpuasm_debug' })[1].signs == 0)

-- The workspace's spec, live (issue 16). A workspace with a copy of the spec in spec/, named by
-- setup{ spec_dir = 'spec' }. By the spec's text, IMAD.WIDE's modifiers are its domain
-- `.itype = {.S32*, .U32}` (000_ialu.txt line 472), values of IType (line 13: S32, U32 on
-- line 15): `.U32` is legal and `.UINT32` is not. Renaming U32 to UINT32 in both places in the
-- spec's buffer, unsaved, turns that around in the .asm buffer within 2 s.
local ws = tmp .. '/ws'
vim.fn.mkdir(ws .. '/spec', 'p')
for _, f in ipairs(vim.fn.readdir(root .. '/isa-db/spec')) do
  vim.fn.writefile(vim.fn.readfile(root .. '/isa-db/spec/' .. f, 'b'), ws .. '/spec/' .. f, 'b')
end
require('gpuasm').setup({ spec_dir = 'spec' })
vim.fn.writefile({ '// gpuasm', 'IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] ;', 'IMAD.WIDE.UINT32 R[10:11], R8, 0x4, R[12:13] ;' }, ws .. '/t.asm')
local spec_asm = open(ws .. '/t.asm')
local function modifier_errors()
  local lines = {}
  for _, d in ipairs(vim.diagnostic.get(spec_asm, { severity = vim.diagnostic.severity.ERROR })) do
    lines[#lines + 1] = d.lnum .. ':' .. d.col .. ':' .. tostring(d.code)
  end
  table.sort(lines)
  return table.concat(lines, ' ')
end
check('with the spec as written, .UINT32 is the unknown modifier (line 3)',
  wait_for(function() return modifier_errors() == '2:10:unknown-modifier' end), modifier_errors())
vim.cmd('GpuasmInfo')
local commands = require('gpuasm.commands')
check(':GpuasmInfo: the spec of the spec_dir setting', wait_for(function()
  return commands.last.info ~= nil and commands.last.info.origin == 'setting' and commands.last.info.dir == ws .. '/spec'
end), vim.inspect(commands.last.info))
local spec_buf = open(ws .. '/spec/000_ialu.txt')
check('the spec file is a gpuasmspec buffer attached to the same server', vim.bo[spec_buf].filetype == 'gpuasmspec'
  and wait_for(function() local c = require('gpuasm').client(spec_buf) return c ~= nil and c.id == require('gpuasm').client(spec_asm).id end),
  vim.bo[spec_buf].filetype)
check('lines 15 and 472 are the ones the comment names', vim.api.nvim_buf_get_lines(spec_buf, 14, 15, false)[1] == '    U32;'
  and vim.api.nvim_buf_get_lines(spec_buf, 471, 472, false)[1] == '.itype = {.S32*, .U32}')
vim.api.nvim_buf_set_text(spec_buf, 14, 4, 14, 7, { 'UINT32' })
vim.api.nvim_buf_set_text(spec_buf, 471, 18, 471, 21, { 'UINT32' })
local renamed_at = vim.loop.hrtime()
-- The 2 s bound is a figure of an optimised build: a sanitized one (GPUASM_E2E_LATENCY_BOUNDS=0,
-- set by CTest) reloads several times slower and gets the general wait.
local reload_bound_ms = os.getenv('GPUASM_E2E_LATENCY_BOUNDS') == '0' and timeout_ms or 2000
check(string.format('renamed in the spec buffer, unsaved: .U32 is the unknown one within %d s (line 2)', reload_bound_ms / 1000),
  vim.wait(reload_bound_ms, function() return modifier_errors() == '1:10:unknown-modifier' end, 20), modifier_errors())
say(string.format('     spec edit -> .asm diagnostics in %.0f ms', (vim.loop.hrtime() - renamed_at) / 1e6))

-- The DSL's own features in the spec buffer. 0-based line 460 is IMAD_WIDE's
-- `    field<77,  1> IType itype = S32;`; IType is defined on line 12 at character 18
-- (`__DefBitFieldType IType<1>`). Line 558 is `__DefOpcode IMAD_WIDE_RIR : [IMAD_WIDE]`, the
-- variant of an IMAD.WIDE with an immediate SrcB: after the rename that is t.asm's line 2.
local spec_uri = vim.uri_from_bufnr(spec_buf)
local definition, definition_error = request_sync(spec_buf, 'textDocument/definition',
  { textDocument = { uri = spec_uri }, position = { line = 460, character = 20 } })
local target = definition and (definition[1] or definition)
check('go to definition on IType in a field line reaches its __DefBitFieldType', target ~= nil and target.uri == spec_uri
  and target.range.start.line == 12 and target.range.start.character == 18, definition_error or vim.inspect(definition))
local refs, refs_error = request_sync(spec_buf, 'textDocument/references',
  { textDocument = { uri = spec_uri }, position = { line = 558, character = 15 }, context = { includeDeclaration = false } })
local asm_lines = {}
for _, r in ipairs(refs or {}) do
  if r.uri == vim.uri_from_bufnr(spec_asm) then asm_lines[#asm_lines + 1] = r.range.start.line end
end
check('references of IMAD_WIDE_RIR lead back to the .asm line that assembles to it', vim.deep_equal(asm_lines, { 2 }),
  refs_error or vim.inspect(refs))

-- A spec that loads with errors no erratum accounts for (issue 42): a copy of the spec with one
-- '[' lost, `__DefOptype IADD : IALU]`. The server uses it all the same and flags it; the line is
-- found in the file's text here, and its column is that of the lost '[' (1-based bytes).
local broken = ws .. '/broken'
vim.fn.mkdir(broken, 'p')
local ialu_line, ialu_column
for _, f in ipairs(vim.fn.readdir(root .. '/isa-db/spec')) do
  local lines = vim.fn.readfile(root .. '/isa-db/spec/' .. f, 'b')
  for i, l in ipairs(lines) do
    if f == '000_ialu.txt' and l == '__DefOptype IADD : [IALU]' then
      ialu_line, ialu_column = i, l:find('[', 1, true)
      lines[i] = '__DefOptype IADD : IALU]'
    end
  end
  vim.fn.writefile(lines, broken .. '/' .. f, 'b')
end
commands.last.info = nil
require('gpuasm').setup({ spec_dir = 'broken' })
-- The server's gpuasm/specStatus says when the new spec is in use; :GpuasmInfo asks after that.
local loaded = wait_for(function()
  local status = require('gpuasm').spec_status
  return status ~= nil and status.dir == broken
end)
vim.cmd('GpuasmInfo')
local errors = loaded and wait_for(function() return commands.last.info ~= nil end) and commands.last.info.loadErrors
if type(errors) ~= 'table' then errors = {} end
local first = type(errors.first) == 'table' and errors.first or {}
check(':GpuasmInfo: the spec in use has errors, the first where the [ was lost', ialu_line ~= nil and loaded
  and (errors.count or 0) >= 1 and first.file == broken .. '/000_ialu.txt' and first.line == ialu_line and first.column == ialu_column,
  vim.inspect(errors) .. ' line ' .. tostring(ialu_line))
local said = commands.last.info and table.concat(commands.describe_spec(commands.last.info), '\n') or ''
check(':GpuasmInfo says how many and where the first is', errors.count ~= nil
  and said:find(errors.count .. ' error', 1, true) ~= nil
  and said:find(string.format('%s/000_ialu.txt:%d:%d: ', broken, ialu_line or 0, ialu_column or 0), 1, true) ~= nil, said)

finish()
