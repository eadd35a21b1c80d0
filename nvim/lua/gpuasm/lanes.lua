-- The lane view as text (:GpuasmLanes, the scratch buffer gpuasm://lanes): gpuasm/laneView
-- (docs/PROTOCOL.md) drawn as 32 lane rows × the registers the program names. The next
-- instruction's reads and writes are marked under the register names (r, w, rw) and in the
-- executing lanes' cells (a `*` after a value it reads or writes); the active mask and the guard
-- are columns of `#` (on) and `.` (off); a SHFL gives each lane's source lane (`←lane 5`, `own`
-- when it kept its own value), VOTE/REDUX/MATCH mark the lanes they combine (`●`). Pure: the
-- debugger (gpuasm.debug) fetches the reply and shows these lines.
local M = {}

local function mask(text)
  return tonumber((tostring(text or '0'):gsub('^0[xX]', '')), 16) or 0
end

local function bit(m, lane) return math.floor(m / 2 ^ lane) % 2 == 1 end

--- A value compact: hex without leading zeros, T and . for predicates.
function M.compact(value)
  if type(value) == 'boolean' then return value and 'T' or '.' end
  local digits = tostring(value):gsub('^0[xX]0*', '')
  return '0x' .. (digits == '' and '0' or digits)
end

local function instruction_line(label, i)
  if not i then return label .. ': -' end
  local text = string.format('%s: line %d %s', label, i.line, i.source)
  if #(i.reads or {}) > 0 then text = text .. '   reads ' .. table.concat(i.reads, ' ') end
  if #(i.writes or {}) > 0 then text = text .. '   writes ' .. table.concat(i.writes, ' ') end
  if i.error then text = text .. '   (' .. i.error .. ')' end
  return text
end

--- The instruction whose exchange is drawn: the next one's, else the one just executed.
function M.drawn(view)
  if view.next and view.next.exchange then return view.next, 'next' end
  if view.previous and view.previous.exchange then return view.previous, 'just executed' end
  return nil
end

local function exchange_cell(x, lane)
  if not x then return '' end
  if x.sources then
    local from = x.sources[lane + 1]
    if from == nil or from == vim.NIL then return '' end
    if not bit(mask(x.inRange), lane) then return 'own' end
    return '←lane ' .. from
  end
  return bit(mask(x.participants), lane) and '●' or ''
end

local function set_of(list)
  local s = {}
  for _, name in ipairs(list or {}) do s[name] = true end
  return s
end

local function pad_left(text, width) return string.rep(' ', width - vim.fn.strdisplaywidth(text)) .. text end

-- The header, the r/w line and the 32 rows, columns padded to their widest cell.
local function table_lines(view, per_lane, x)
  local reads, writes = set_of(view.next and view.next.reads), set_of(view.next and view.next.writes)
  local runs = mask(view.next and view.next.lanes)
  local guard = view.next and view.next.guard
  local columns = { { 'lane', '' }, { 'act', '' }, { guard or 'guard', '' }, { x and x.op or '', '' } }
  for _, r in ipairs(per_lane) do
    local mark = (reads[r.name] and 'r' or '') .. (writes[r.name] and 'w' or '')
    columns[#columns + 1] = { r.name, mark }
  end
  local rows = {}
  for lane = 0, 31 do
    local row = { (lane == view.lane and '>' or ' ') .. lane, bit(mask(view.activeMask), lane) and '#' or '.',
      guard and (bit(mask(view.next.guardLanes), lane) and '#' or '.') or '', exchange_cell(x, lane) }
    for _, r in ipairs(per_lane) do
      local touched = bit(runs, lane) and (reads[r.name] or writes[r.name])
      row[#row + 1] = M.compact(r.values[lane + 1]) .. (touched and '*' or ' ')
    end
    rows[#rows + 1] = row
  end
  local widths = {}
  for c, col in ipairs(columns) do
    widths[c] = math.max(vim.fn.strdisplaywidth(col[1]), vim.fn.strdisplaywidth(col[2]))
    for _, row in ipairs(rows) do widths[c] = math.max(widths[c], vim.fn.strdisplaywidth(row[c])) end
  end
  local function join(cells)
    local out = {}
    for c, text in ipairs(cells) do out[c] = pad_left(text, widths[c]) end
    return (table.concat(out, '  '):gsub('%s+$', ''))
  end
  local names, marks = {}, {}
  for c, col in ipairs(columns) do names[c], marks[c] = col[1], col[2] end
  local lines = { join(names), join(marks) }
  for _, row in ipairs(rows) do lines[#lines + 1] = join(row) end
  return lines
end

--- The buffer's lines for one gpuasm/laneView reply.
function M.lines(view)
  local where = view.line and ('line ' .. view.line) or 'the end'
  local lines = {
    string.format('gpuasm lanes: step %d of %d (%s); :GpuasmGotoStep N moves, lane in focus %d', view.position,
      view.length, where, view.lane),
    instruction_line('next', view.next),
    instruction_line('just executed', view.previous),
  }
  local drawn, which = M.drawn(view)
  local x = drawn and drawn.exchange
  if x then
    local results = {}
    for _, r in ipairs(x.results or {}) do results[#results + 1] = r.register .. ' = ' .. M.compact(r.value) end
    lines[#lines + 1] = string.format('%s (%s, line %d): %s%s', x.op, which, drawn.line,
      x.sources and 'each lane ← its source lane' or ('combines lanes ' .. x.participants),
      #results > 0 and ('   ' .. table.concat(results, ', ')) or '')
  end
  local per_lane, uniform = {}, {}
  for _, r in ipairs(view.registers or {}) do
    if r.uniform then uniform[#uniform + 1] = r.name .. ' = ' .. M.compact(r.values[1]) else per_lane[#per_lane + 1] = r end
  end
  if #uniform > 0 then lines[#lines + 1] = table.concat(uniform, '   ') end
  vim.list_extend(lines, table_lines(view, per_lane, x))
  return lines
end

return M
