-- scripts/bench's playground row for a deck: 5 visible cards (tantan-host play --measure-frames N).
deck = tantan.deck{visible = 5, source = {
  count = function() return 1000 end,
  card = function(_, i, reused) local m = reused or {} ; m.title = "Card " .. i ; return m end}}
