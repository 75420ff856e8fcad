/// The trace viewer page: markup and style here, behaviour in `TraceViewerScript`. No run data
/// is written into the markup itself: it all comes from the escaped JSON element, which the
/// script reads and shows with `textContent` (SVG frames, which are markup, through `innerHTML`).
enum TraceViewer {
  /// In every trace file's head: `tantan-host test` removes stale traces only when they carry it.
  static let generator = #"<meta name="generator" content="tantan-host trace">"#

  static let playPath = "M7 4v16l13-8z"

  /// A button icon drawn inline (no icon font, which a headless browser may lack).
  static func icon(_ path: String) -> String {
    #"<svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><path d="\#(path)" fill="currentColor"/></svg>"#
  }

  static func page(json: String) -> String {
    head + #"<script type="application/json" id="trace-data">"# + json + "</script>\n<script>"
      + TraceViewerScript.source + "</script>\n</body>\n</html>\n"
  }

  static let head = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    \(generator)
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>tantan trace</title>
    <style>
    \(style)</style>
    </head>
    <body>
    <header id="top">
      <div class="brand">tantan<span>trace</span></div>
      <div id="run-title" class="run-title"></div>
      <div id="run-status" class="badge"></div>
      <div id="run-meta" class="meta"></div>
    </header>
    <div id="notice" class="notice" hidden></div>
    <main id="app" data-step="0">
      <nav id="timeline" aria-label="Steps">
        <div class="pane-title">Steps <span id="step-count" class="dim"></span></div>
        <ol id="steps"></ol>
      </nav>
      <section id="stage">
        <div id="controls" role="toolbar" aria-label="Playback">
          <button id="first" type="button" title="First step (Home)">\(icon("M5 4h2v16H5zM20 4v16L9 12z"))</button>
          <button id="prev" type="button" title="Previous step (Left arrow)">\(icon("M18 4v16L6 12z"))</button>
          <button id="play" type="button" title="Play or pause (Space)">\(icon(playPath))</button>
          <button id="next" type="button" title="Next step (Right arrow)">\(icon("M6 4v16l12-8z"))</button>
          <button id="last" type="button" title="Last step (End)">\(icon("M17 4h2v16h-2zM4 4v16l11-8z"))</button>
          <input id="slider" type="range" min="1" max="1" value="1" aria-label="Step">
          <span id="position" class="position"></span>
        </div>
        <h2 id="step-title" class="step-title"></h2>
        <div id="frames" class="frames"></div>
        <div class="details">
          <div class="panel">
            <div class="pane-title">Source <span id="source-pos" class="dim"></span></div>
            <div id="source" class="source"></div>
          </div>
          <div class="panel">
            <div class="pane-title">Events <span id="event-count" class="dim"></span></div>
            <pre id="error" class="error" hidden></pre>
            <ol id="events" class="events"></ol>
          </div>
        </div>
      </section>
    </main>

    """

  static let style = """
    :root { --bg: #f4f5f8; --panel: #fff; --ink: #1d2330; --dim: #7a8194; --line: #e3e6ee;
      --accent: #ff5b6b; --accent-soft: #ffe3e6; --ok: #1f9d55; --bad: #d93848; --clock: #4a7bd0; }
    * { box-sizing: border-box; }
    html, body { margin: 0; height: 100%; }
    body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
      background: var(--bg); display: flex; flex-direction: column; }
    header { display: flex; align-items: center; gap: 14px; padding: 10px 18px; background: #1d2330; color: #fff; }
    .brand { font-weight: 700; font-size: 17px; letter-spacing: .3px; }
    .brand span { color: var(--accent); margin-left: 2px; }
    .run-title { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; opacity: .9;
      overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .badge { font-size: 12px; font-weight: 600; padding: 2px 10px; border-radius: 999px; background: #3a4254; }
    .badge.ok { background: var(--ok); } .badge.bad { background: var(--bad); }
    .meta { margin-left: auto; font-size: 12px; color: #b9c0d0; display: flex; gap: 12px; }
    .notice { padding: 8px 18px; background: #fff6d6; border-bottom: 1px solid #f0e0a0; font-size: 13px; }
    .notice.bad { background: var(--accent-soft); border-color: var(--accent); }
    main { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(260px, 30%) 1fr; }
    nav { border-right: 1px solid var(--line); background: var(--panel); display: flex; flex-direction: column; min-height: 0; }
    .pane-title { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .6px; color: var(--dim);
      padding: 10px 14px 6px; }
    .dim { color: var(--dim); font-weight: 400; text-transform: none; letter-spacing: 0; }
    #steps { list-style: none; margin: 0; padding: 0 0 12px; overflow-y: auto; flex: 1; }
    .step { display: grid; grid-template-columns: 34px 1fr auto; gap: 0 8px; padding: 6px 14px 6px 10px;
      border-left: 3px solid transparent; cursor: pointer; }
    .step:hover { background: #f7f8fb; }
    .step.current { background: var(--accent-soft); border-left-color: var(--accent); }
    .step .n { color: var(--dim); font-size: 12px; text-align: right; grid-row: span 2; padding-top: 1px; }
    .step .title { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; overflow: hidden;
      text-overflow: ellipsis; white-space: nowrap; }
    .step .t { color: var(--dim); font-size: 11px; text-align: right; }
    .step .pos { color: var(--dim); font-size: 11px; grid-column: 2 / span 2; overflow: hidden; text-overflow: ellipsis;
      white-space: nowrap; }
    .step.kind-clock .title { color: var(--clock); }
    .step.kind-create .title { color: #7b4bc4; }
    .step.kind-error .title, .step.kind-error .n { color: var(--bad); font-weight: 600; }
    .step.kind-gap { display: block; color: var(--dim); font-style: italic; text-align: center; cursor: default; }
    #stage { display: flex; flex-direction: column; min-width: 0; min-height: 0; overflow: auto; padding: 14px 18px; gap: 12px; }
    #controls { display: flex; align-items: center; gap: 6px; background: var(--panel); border: 1px solid var(--line);
      border-radius: 10px; padding: 8px 10px; }
    #controls button { border: 1px solid var(--line); background: #fff; border-radius: 7px; min-width: 36px; height: 32px;
      cursor: pointer; color: var(--ink); display: inline-flex; align-items: center; justify-content: center; }
    #controls button:hover { border-color: var(--accent); color: var(--accent); }
    #controls button.playing { background: var(--accent); border-color: var(--accent); color: #fff; }
    #slider { flex: 1; accent-color: var(--accent); margin: 0 8px; }
    .position { font-size: 12px; color: var(--dim); white-space: nowrap; font-variant-numeric: tabular-nums; }
    .step-title { margin: 0; font: 600 15px/1.3 ui-monospace, Menlo, Consolas, monospace; word-break: break-all; }
    .frames { display: flex; flex-wrap: wrap; gap: 14px; align-items: flex-start; }
    .frame { margin: 0; background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 10px;
      box-shadow: 0 1px 3px rgba(20, 30, 60, .06); max-width: 100%; }
    .frame .picture { display: flex; justify-content: center; background: repeating-conic-gradient(#f6f7fa 0 25%, #fff 0 50%) 0 0 / 16px 16px;
      border-radius: 8px; overflow: hidden; }
    .frame svg { display: block; max-width: 100%; max-height: 62vh; height: auto; }
    .frame figcaption { margin-top: 8px; font-size: 12px; display: flex; gap: 8px; align-items: baseline; max-width: 420px; }
    .frame figcaption .state { color: var(--dim); font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 11px;
      overflow-wrap: anywhere; }
    .missing, .empty { color: var(--dim); font-style: italic; padding: 24px; }
    .details { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
    .panel { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; min-width: 0; padding-bottom: 8px; }
    .source { font: 12px/1.6 ui-monospace, Menlo, Consolas, monospace; padding: 0 0 4px; overflow-x: auto; }
    .source .ln { display: block; white-space: pre; padding: 0 14px 0 0; }
    .source .ln b { display: inline-block; width: 44px; text-align: right; padding-right: 12px; color: var(--dim); font-weight: 400; }
    .source .ln.here { background: var(--accent-soft); }
    .source .ln.here b { color: var(--accent); font-weight: 700; }
    .source .none { color: var(--dim); font-style: italic; padding: 0 14px; }
    .events { list-style: none; margin: 0; padding: 0 14px; max-height: 260px; overflow-y: auto;
      font: 12px/1.7 ui-monospace, Menlo, Consolas, monospace; }
    .events .tag { display: inline-block; min-width: 44px; margin-right: 8px; padding: 0 6px; border-radius: 5px;
      background: #eef0f5; color: var(--dim); font-size: 10.5px; text-align: center; }
    .events .call .tag { background: #e5ecfa; color: var(--clock); }
    .events .none { color: var(--dim); font-style: italic; font-family: system-ui, sans-serif; }
    .error { margin: 0 14px 8px; padding: 8px 10px; background: var(--accent-soft); border-left: 3px solid var(--bad);
      color: #7d1420; font: 12px/1.5 ui-monospace, Menlo, Consolas, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
    @media (max-width: 800px) { main { grid-template-columns: 1fr; } .details { grid-template-columns: 1fr; } }

    """
}
