import TantanScripts

/// The trace viewer's behaviour: `Sources/TantanScripts/js/trace_viewer.js`, embedded at build time.
/// On success it sets `data-ready="1"` on `<body>` and the title `tantan trace: ...`; any script
/// error sets `data-error` and a visible notice with the file's line (the browser test reads both).
/// `#step=N` (1-based) selects a step, and the URL follows the selection.
enum TraceViewerScript {
  static let source: String = {
    var size = 0
    let text = tt_script_trace_viewer(&size)
    return String(decoding: UnsafeRawBufferPointer(start: text, count: size), as: UTF8.self)
  }()
}
