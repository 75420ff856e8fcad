-- floral/verification_code.lua: the login screen's "get verification code" button (the seed's
-- clickSafeNum). A tap disables it and counts down 60 s on the virtual clock, one title per
-- second; at 0 it reads "获取验证码" ("get code") again and can be tapped.
-- Run: scripts/run examples/floral/verification_code.lua

local SECONDS = 60
local button = {title = "获取验证码", enabled = true}
local sent = 0

local function show(note)
  print(string.format("t=%4g  [%s]%s%s", tantan.clock.now, button.title, button.enabled and "" or " (disabled)",
    note and ("  " .. note) or ""))
end

local function tap()
  if not button.enabled then show("tap ignored") return end
  sent = sent + 1
  local seconds = SECONDS
  local function tick()  -- the seed's dispatch timer: fires now, then every second
    if seconds <= 0 then
      button.title, button.enabled = "获取验证码", true
      return
    end
    button.title, button.enabled = seconds .. "秒后重新发送", false  -- "resend in N s"
    seconds = seconds - 1
    tantan.after(1, tick)
  end
  tick()
  show("code #" .. sent .. " sent")
end

show()
tap()
tantan.clock:advance(1); show()
tantan.clock:advance(1); show()
tap()
tantan.clock:advance(27); show()
tantan.clock:advance(30); show("the last second")
tantan.clock:advance(1); show("enabled again after 60 s")
tap()
tantan.clock:settle(); show("settled")
