import TantanScripts

/// The trace viewer page: Sources/TantanScripts/web/trace_viewer.html, styled by
/// web/trace_viewer.css and run by js/trace_viewer.js, all inlined. No run data is written into
/// the markup itself: it all comes from the escaped JSON element, which the script reads and shows
/// with `textContent` (SVG frames, which are markup, through `innerHTML`). On success the script
/// sets `data-ready="1"` on `<body>` and the title `tantan trace: ...`; any script error sets
/// `data-error` and a visible notice with the file's line (the browser test reads both).
/// `#step=N` (1-based) selects a step, and the URL follows the selection.
enum TraceViewer {
  /// In every trace file's head (within its first 512 bytes): `tantan-host test` removes stale
  /// traces only when they carry it.
  static let generator = #"<meta name="generator" content="tantan-host trace">"#

  static let template = HTMLTemplate(EmbeddedFile.text(tt_script_trace_viewer_page))
  static let style = EmbeddedFile.text(tt_script_trace_viewer_style)
  static let script = EmbeddedFile.text(tt_script_trace_viewer)

  /// The page over `json`, the trace data already escaped for a `<script>` element.
  static func page(json: String) -> String {
    template.render(["style": .raw(style), "data": .raw(json), "script": .raw(script)])
  }
}
