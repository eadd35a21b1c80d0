-- The nvim-dap set-up of nvim/lua/gpuasm/debug.lua against a real nvim-dap (not part of CI:
-- nvim-dap is not a Debian package; nvim/README.md, "Debugging", shows how it was run):
--   NVIM_DAP_DIR=/path/to/nvim-dap GPUASM_E2E_BINARY=build/bin/gpuasm \
--     nvim --headless -u NONE -i NONE -n -c 'luafile nvim/test/nvim-dap.lua'
-- F5-like run of examples/warp-reduce.asm to a breakpoint on line 20, the lane's R1 in the
-- Variables, a step back, the end. Expected values by hand as in nvim/test/e2e.lua.
local failed = 0
local function check(name, ok, detail)
  io.stdout:write((ok and 'ok   ' or 'FAIL ') .. name .. ((not ok and detail) and (': ' .. detail) or '') .. '\n')
  if not ok then failed = failed + 1 end
end
local script = debug.getinfo(1, 'S').source:sub(2)
local root = vim.fn.fnamemodify(script, ':p:h:h:h')
vim.opt.runtimepath:append(os.getenv('NVIM_DAP_DIR'))
vim.opt.runtimepath:append(root .. '/nvim')
vim.cmd('filetype on')
vim.cmd('runtime! plugin/gpuasm.lua')
require('gpuasm').setup({ binary = os.getenv('GPUASM_E2E_BINARY'), treesitter = false })
local dap = require('dap')
check('dap.adapters.gpuasm is registered', dap.adapters.gpuasm ~= nil)
check('dap.configurations.gpuasm has the launch configurations', #(dap.configurations.gpuasm or {}) == 2)

vim.cmd('edit ' .. root .. '/examples/warp-reduce.asm')
vim.api.nvim_win_set_cursor(0, { 20, 0 })
dap.set_breakpoint()
dap.run(dap.configurations.gpuasm[2]) -- program = ${file}, to the first breakpoint
local function at(line)
  return vim.wait(15000, function()
    local s = dap.session()
    return s ~= nil and s.current_frame ~= nil and s.current_frame.line == line
  end, 20)
end
check('stopped at the breakpoint on line 20', at(20), vim.inspect(dap.session() and dap.session().current_frame))
local function lane_value(name)
  local s, value = dap.session(), nil
  s:request('variables', { variablesReference = 1 }, function(err, body)
    for _, v in ipairs((not err and body and body.variables) or {}) do
      if v.name == name then value = v.value end
    end
  end)
  vim.wait(5000, function() return value ~= nil end, 20)
  return value
end
check('R1 of lane 0 is 0x000001f0', lane_value('R1') == '0x000001f0', tostring(lane_value('R1')))
dap.step_back()
check('step back: before line 18', at(18), vim.inspect(dap.session() and dap.session().current_frame))
check('R1 of lane 0 is 0x000000f0', lane_value('R1') == '0x000000f0', tostring(lane_value('R1')))
dap.terminate()
check('the session ends', vim.wait(10000, function() return dap.session() == nil end, 20))
io.stdout:write(string.format('nvim-dap: %d failed\n', failed))
vim.cmd(failed == 0 and 'qall!' or 'cquit 1')
