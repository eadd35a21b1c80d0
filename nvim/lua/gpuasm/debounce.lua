-- A refresh per buffer that runs once `ms` after the last call to schedule (typing asks once,
-- after a pause), the buffer followed on some events until it is wiped out: what the live
-- values (live.lua) and the register-pressure lens (pressure.lua) share.
local M = {}

--- A debounced `refresh(buf)`. `hooks.on_schedule(buf)` runs at every schedule, before the
--- timer restarts; `hooks.on_wipeout(buf)` when a followed buffer is wiped out.
function M.new(name, ms, refresh, hooks)
  hooks = hooks or {}
  local timers = {}
  local d = {}

  function d.schedule(buf)
    if hooks.on_schedule then hooks.on_schedule(buf) end
    local timer = timers[buf]
    if timer then timer:stop() else
      timer = vim.loop.new_timer()
      timers[buf] = timer
    end
    timer:start(ms, 0, vim.schedule_wrap(function() refresh(buf) end))
  end

  --- Schedules on each of `events` in `buf` (once per buffer: the group is made anew), and now.
  function d.follow(buf, events)
    local group = vim.api.nvim_create_augroup('gpuasm.' .. name .. '.' .. buf, { clear = true })
    vim.api.nvim_create_autocmd(events, {
      group = group,
      buffer = buf,
      callback = function() d.schedule(buf) end,
    })
    vim.api.nvim_create_autocmd('BufWipeout', {
      group = group,
      buffer = buf,
      callback = function()
        if timers[buf] then timers[buf]:close() end
        timers[buf] = nil
        if hooks.on_wipeout then hooks.on_wipeout(buf) end
      end,
    })
    d.schedule(buf)
  end

  return d
end

return M
