import TantanScripts

/// The playground's one page: `web/play.html` with `web/play.css` and `js/play.js` inlined
/// (`HTMLTemplate`; one document, nothing else to request: every request needs the token).
enum PlayPage {
  static let html = HTMLTemplate(EmbeddedFile.text(tt_script_play_page)).render([
    "style": .raw(EmbeddedFile.text(tt_script_play_style)), "script": .raw(EmbeddedFile.text(tt_script_play_script)),
  ])
}
