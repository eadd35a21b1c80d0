-- Showing the results of gpuasm/runToCursor, gpuasm/execute and gpuasm/encoding
-- (the object of `gpuasm run --json --trace`, docs/PROTOCOL.md) as virtual text at
-- the end of the lines and in scratch buffers: `gpuasm://registers` (one row per lane, one
-- column per register) and `gpuasm://encoding` (one field table per instruction).
local M = {}

M.run_ns = vim.api.nvim_create_namespace('gpuasm.run')
M.encoding_ns = vim.api.nvim_create_namespace('gpuasm.encoding')

vim.cmd([[
  highlight default link GpuasmValue Comment
  highlight default link GpuasmStop WarningMsg
  highlight default link GpuasmError ErrorMsg
  highlight default link GpuasmEncoding Comment
]])

local lanes = 32
local lanes_shown_inline = 4

-- Register files in the order a reader expects them: R, P, UR, UP, each by number.
local file_rank = { R = 1, P = 2, UR = 3, UP = 4 }

local function register_key(name)
  local file, number = name:match('^(%a+)(%d*)$')
  return file_rank[file] or 5, tonumber(number) or 1000, name
end

function M.sorted_registers(map)
  local names = vim.tbl_keys(map)
  table.sort(names, function(a, b)
    local fa, na, sa = register_key(a)
    local fb, nb, sb = register_key(b)
    if fa ~= fb then return fa < fb end
    if na ~= nb then return na < nb end
    return sa < sb
  end)
  return names
end

local function all_equal(values)
  for i = 2, #values do
    if values[i] ~= values[1] then return false end
  end
  return true
end

-- A list of 32 predicate values as a lane mask: bit i is lane i.
local function lane_mask(values)
  local low, high = 0, 0
  for lane = 0, lanes - 1 do
    if values[lane + 1] then
      if lane < 16 then low = low + 2 ^ lane else high = high + 2 ^ (lane - 16) end
    end
  end
  return string.format('0x%04x%04x', high, low)
end

-- std::to_chars' exponent form ("1e+10", "1.5e-05") of a digit string and a decimal exponent.
local function scientific(digits, exponent)
  local mantissa = #digits > 1 and (digits:sub(1, 1) .. '.' .. digits:sub(2)) or digits
  return string.format('%se%s%02d', mantissa, exponent < 0 and '-' or '+', math.abs(exponent))
end

-- Plain decimal of digits × 10^(exponent - #digits + 1) ("0.001", "1500").
local function fixed(digits, exponent)
  if exponent < 0 then return '0.' .. string.rep('0', -exponent - 1) .. digits end
  if exponent + 1 >= #digits then return digits .. string.rep('0', exponent + 1 - #digits) end
  return digits:sub(1, exponent + 1) .. '.' .. digits:sub(exponent + 2)
end

-- An f32 and its bits through LuaJIT's ffi (every Neovim build this plugin supports has it).
local has_ffi, ffi = pcall(require, 'ffi')
local f32_cell = has_ffi and ffi.new('union { uint32_t bits; float value; }') or nil

--- An f32 given by its bits as the server writes it (isa-db DecimalFloat.h): the shortest
--- decimal that reads back as the same f32, fixed or exponent form whichever is shorter, ".0"
--- on a whole number; "nan", "inf", "-inf". nil without ffi.
function M.format_f32(bits)
  if not f32_cell then return nil end
  f32_cell.bits = bits
  local value = tonumber(f32_cell.value)
  if value ~= value then return 'nan' end
  if value == math.huge or value == -math.huge then return value < 0 and '-inf' or 'inf' end
  local sign = (value < 0 or 1 / value < 0) and '-' or ''
  if value == 0 then return sign .. '0.0' end
  local exponential
  for precision = 1, 9 do
    exponential = string.format('%.' .. (precision - 1) .. 'e', math.abs(value))
    f32_cell.value = tonumber(exponential)
    if tonumber(f32_cell.value) == math.abs(value) then break end
  end
  local mantissa, exponent_text = exponential:match('^([%d.]+)e([-+]%d+)$')
  local digits = mantissa:gsub('%.', ''):gsub('0+$', '')
  if digits == '' then digits = '0' end
  local exponent = tonumber(exponent_text)
  local plain, short = fixed(digits, exponent), scientific(digits, exponent)
  local text = #short < #plain and short or plain
  return sign .. (text:find('[.e]') and text or text .. '.0')
end

--- A register's value (hex text or a predicate's boolean) as its type shows it (docs/LANGUAGE.md,
--- "Values in their types"): f32 as the shortest decimal, s32 in signed decimal; nil when the
--- type is u32, bool or unknown (the value is shown as it is).
function M.typed(value, value_type)
  if type(value) ~= 'string' or not value:match('^0x%x+$') then return nil end
  local bits = tonumber(value:sub(3), 16)
  if value_type == 'f32' then return M.format_f32(bits) end
  if value_type == 's32' then return tostring(bits >= 2 ^ 31 and bits - 2 ^ 32 or bits) end
  return nil
end

local function shown(value, value_type) return M.typed(value, value_type) or tostring(value) end

--- One register value as text: a uniform value, the value every lane has, a predicate's lane
--- mask, or the first lanes of a list that differs between lanes; each in `value_type`.
function M.format_value(value, value_type)
  if type(value) ~= 'table' then return shown(value, value_type) end
  if all_equal(value) then return shown(value[1], value_type) end
  if type(value[1]) == 'boolean' then return 'lanes ' .. lane_mask(value) end
  local first = {}
  for lane = 1, math.min(lanes_shown_inline, #value) do first[lane] = shown(value[lane], value_type) end
  return '[' .. table.concat(first, ', ') .. ', …]'
end

--- The values a line wrote, each in the type `types` (name → value type) gives its register.
function M.format_writes(writes, types)
  local parts = {}
  for _, name in ipairs(M.sorted_registers(writes)) do
    parts[#parts + 1] = name .. ' = ' .. M.format_value(writes[name], (types or {})[name])
  end
  return table.concat(parts, '  ')
end

function M.stop_summary(stop, title)
  stop = stop or {}
  local executed = stop.executed or 0
  if stop.reason == 'until' then
    return string.format('%s: stopped before line %d after %d instructions', title, stop.line or 0, executed)
  elseif stop.reason == 'error' then
    return string.format('%s: line %d: error: %s (after %d instructions)', title, stop.line or 0,
      stop.message or '', executed)
  end
  return string.format('%s: ran to the end: %d instructions executed', title, executed)
end

local function line_count(buf) return vim.api.nvim_buf_line_count(buf) end

local function set_virtual_text(buf, ns, line, chunks)
  if line < 0 or line >= line_count(buf) then return end
  vim.api.nvim_buf_set_extmark(buf, ns, line, 0, { virt_text = chunks, virt_text_pos = 'eol' })
end

-- A scratch buffer called `name`, created once and reused; shown in a split below unless a
-- window already shows it. The cursor stays where it was.
local function show_scratch(name, lines)
  local buf
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(b) == name then buf = b end
  end
  if not buf then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, name)
    vim.bo[buf].bufhidden = 'hide'
    vim.bo[buf].swapfile = false
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  if #vim.fn.win_findbuf(buf) == 0 then
    local from = vim.api.nvim_get_current_win()
    vim.cmd('botright split')
    local win = vim.api.nvim_get_current_win()
    vim.api.nvim_win_set_buf(win, buf)
    vim.api.nvim_win_set_height(win, math.min(#lines, math.max(10, math.floor(vim.o.lines / 2))))
    vim.api.nvim_set_current_win(from)
  end
  return buf
end
M.show_scratch = show_scratch

local function pad(text, width) return text .. string.rep(' ', width - vim.fn.strdisplaywidth(text)) end

local function cell(value, value_type)
  if type(value) == 'boolean' then return value and 'true' or 'false' end
  return shown(value, value_type)
end

--- The lines of the register buffer: summary, uniform registers, then the 32-lane table.
--- A `*` after a register name marks one the run wrote, `:f32` or `:s32` one shown in that type
--- (the run's `types`, the others hex); a `-` after a lane number marks an
--- inactive lane, a `>` before it the lane in focus (`focus`, when given).
function M.register_lines(result, title, focus)
  local lines = { M.stop_summary(result.stop, title), 'file: ' .. tostring(result.file or '?'),
    'active mask: ' .. tostring(result.activeMask or '?') }
  local written = {}
  for _, entry in ipairs(result.trace or {}) do
    for name in pairs(entry.writes or {}) do written[name] = true end
  end
  local per_lane = {}
  for _, name in ipairs(M.sorted_registers(result.regs or {})) do
    local value, value_type = result.regs[name], (result.types or {})[name]
    local typed = (value_type == 'f32' or value_type == 's32') and (':' .. value_type) or ''
    local label = name .. (written[name] and '*' or '') .. typed
    if type(value) == 'table' then
      per_lane[#per_lane + 1] = { label = label, values = value, type = value_type }
    else
      lines[#lines + 1] = label .. ' = ' .. cell(value, value_type)
    end
  end
  lines[#lines + 1] = ''
  local active = tonumber((tostring(result.activeMask or '0xffffffff'):gsub('^0x', '')), 16) or 0xffffffff
  local header, widths = { 'lane' }, { 4 }
  for i, column in ipairs(per_lane) do
    widths[i + 1] = math.max(#column.label, 10)
    header[i + 1] = column.label
  end
  local function row(cells)
    local padded = {}
    for i, text in ipairs(cells) do padded[i] = pad(text, widths[i]) end
    return (table.concat(padded, ' | '):gsub('%s+$', ''))
  end
  lines[#lines + 1] = row(header)
  for lane = 0, lanes - 1 do
    local is_active = math.floor(active / 2 ^ lane) % 2 == 1
    local number = lane == focus and ('>' .. string.format('%2d', lane)) or string.format('%3d', lane)
    local cells = { number .. (is_active and ' ' or '-') }
    for i, column in ipairs(per_lane) do cells[i + 1] = cell(column.values[lane + 1], column.type) end
    lines[#lines + 1] = row(cells)
  end
  return lines
end

--- Virtual text and the register buffer for a run result on `buf`.
function M.show_run(buf, result, title)
  vim.api.nvim_buf_clear_namespace(buf, M.run_ns, 0, -1)
  local by_line = {}
  for _, entry in ipairs(result.trace or {}) do
    local line = entry.line
    by_line[line] = by_line[line] or {}
    table.insert(by_line[line], M.format_writes(entry.writes or {}, result.types))
  end
  for line, parts in pairs(by_line) do
    local text = table.concat(parts, '  ')
    if text ~= '' then set_virtual_text(buf, M.run_ns, line - 1, { { '  → ' .. text, 'GpuasmValue' } }) end
  end
  local stop = result.stop or {}
  if stop.reason == 'until' and stop.line then
    set_virtual_text(buf, M.run_ns, stop.line - 1, { { '  ■ stopped here', 'GpuasmStop' } })
  elseif stop.reason == 'error' and stop.line then
    set_virtual_text(buf, M.run_ns, stop.line - 1, { { '  ✗ ' .. (stop.message or 'error'), 'GpuasmError' } })
  end
  show_scratch('gpuasm://registers', M.register_lines(result, title))
  require('gpuasm').notify(M.stop_summary(stop, title),
    stop.reason == 'error' and vim.log.levels.WARN or vim.log.levels.INFO)
end

--- The lines of the encoding buffer: per instruction its line, text, variant, word and fields.
function M.encoding_lines(result)
  local lines = {}
  for _, instruction in ipairs(result.instructions or {}) do
    if #lines > 0 then lines[#lines + 1] = '' end
    lines[#lines + 1] = string.format('line %d: %s', instruction.line + 1, instruction.text or '')
    lines[#lines + 1] = string.format('  %s  %s', instruction.variant or '?', instruction.encoding or '?')
    local width = 5
    for _, field in ipairs(instruction.fields or {}) do width = math.max(width, #field.name) end
    lines[#lines + 1] = '  ' .. pad('field', width) .. '  bits     value'
    for _, field in ipairs(instruction.fields or {}) do
      lines[#lines + 1] = string.format('  %s  %-7s  %s', pad(field.name, width),
        string.format('%d:%d', field.hi, field.lo), tostring(field.value))
    end
  end
  if #lines == 0 then lines[1] = 'no instruction in the range' end
  return lines
end

function M.show_encoding(buf, result)
  vim.api.nvim_buf_clear_namespace(buf, M.encoding_ns, 0, -1)
  for _, instruction in ipairs(result.instructions or {}) do
    set_virtual_text(buf, M.encoding_ns, instruction.line,
      { { '  ' .. tostring(instruction.encoding) .. '  ' .. tostring(instruction.variant), 'GpuasmEncoding' } })
  end
  show_scratch('gpuasm://encoding', M.encoding_lines(result))
end

function M.clear(buf)
  vim.api.nvim_buf_clear_namespace(buf, M.run_ns, 0, -1)
  vim.api.nvim_buf_clear_namespace(buf, M.encoding_ns, 0, -1)
end

return M
