-- floral/shop_cart.lua: the mall detail page's "add to cart" button (the seed's gotoShopCar).
-- Each tap flies a flower into the cart for 1.5 s (the animation group's duration); the button
-- ignores taps meanwhile, and at 99 items it refuses with the seed's message.
-- Run: scripts/run examples/floral/shop_cart.lua

local LIMIT = 99
local MESSAGE = "亲, 企业采购请联系我们客服"  -- "Dear, for company purchases please contact our customer service"
local FLIGHT = 1.5

local cart = {num = 0, enabled = true}

local function tap_add()
  if cart.num >= LIMIT then
    print(string.format("t=%6.1f  tap: toast \"%s\" (cart stays at %d)", tantan.clock.now, MESSAGE, cart.num))
    return
  end
  if not cart.enabled then
    print(string.format("t=%6.1f  tap: ignored, a flower is still flying", tantan.clock.now))
    return
  end
  cart.enabled = false  -- addtoCar.userInteractionEnabled = false
  tantan.after(FLIGHT, function()
    cart.num = cart.num + 1  -- animationDidStop: num += 1, the badge shakes
    cart.enabled = true
  end)
end

local function badge() print(string.format("t=%6.1f  cart badge: %d", tantan.clock.now, cart.num)) end

badge()
tap_add()
tantan.clock:advance(0.5)
tap_add()                       -- too soon
tantan.clock:advance(1.0)
badge()
for _ = 2, 98 do tap_add(); tantan.clock:advance(FLIGHT) end
badge()
tap_add(); tantan.clock:advance(FLIGHT)
badge()
tap_add()                       -- the 100th: refused
tap_add()
badge()
