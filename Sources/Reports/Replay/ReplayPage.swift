import Foundation
import Harness
import UserModels

/// The replay's `index.html`: self-contained (inline SVG frames, photos as data
/// URIs, CSS and a small script; no network, no files beside it needed), with
/// play/pause, step and a slider, a caption per frame (time, gesture, what
/// changed, ΔE00 to the goal), the trace's events per frame, and the trial's
/// metrics stored against replayed.
enum ReplayPage {
    struct Context {
        var replay: TrialReplay
        var frames: [ReplayFrame]
        var check: MetricCheck
        var run: RunRecord
        var command: String
    }

    /// What the script needs per frame, in the device's points.
    struct FrameData: Encodable {
        var caption: String
        var touches: [[Double]]
        var pip: [[Double]]
        var flight: [[Double]]
        var card: [[Double]]
        var pipSize: [Double]
    }

    static func html(_ c: Context) throws -> String {
        let r = c.replay, t = r.trial
        var photos = PhotoLibrary()
        var svgs: [String] = []
        var previews: [String: String] = [:]
        for id in r.scene.previews.keys.sorted() { previews[id] = try photos.id(r.scene.previews[id]!) }
        for f in c.frames {
            var ids: [Int: String] = [:]
            for (k, shot) in [f.before, f.after].enumerated() { if let p = shot?.photo { ids[k] = try photos.id(p) } }
            svgs.append(
                WireframeSVG.frame(
                    f, scene: r.scene, device: t.device,
                    photoID: { shot in
                        shot.photo.flatMap { p in f.after.photo == p ? ids[1] : ids[0] }
                    }, preview: { previews[$0] }))
        }
        var sidePhotos = ""
        if let goal = r.scene.goal {
            sidePhotos +=
                "<figure><svg viewBox=\"0 0 \(goal.width) \(goal.height)\"><use href=\"#\(try photos.id(goal))\" "
                    + "width=\"\(goal.width)\" height=\"\(goal.height)\"/></svg><figcaption>the goal "
                    + "(tolerance \(formatNumber(r.scene.tolerance ?? 0)) ΔE00)</figcaption></figure>"
        }
        if let original = r.scene.original {
            sidePhotos +=
                "<figure><svg viewBox=\"0 0 \(original.width) \(original.height)\"><use "
                    + "href=\"#\(try photos.id(original))\" width=\"\(original.width)\" "
                    + "height=\"\(original.height)\"/></svg><figcaption>the photo before any "
                    + "change</figcaption></figure>"
        }
        let outcome = outcomeSentence(r)
        let session =
            "trial \(t.sessionIndex) of \(r.sessionLength) in the session"
            + (r.earlierTrials > 0 ? " (the \(r.earlierTrials) before it were relived first: the person learns)" : "")
        let legend =
            r.scene.pipLayout != nil
            ? "; purple: the window under the finger; dashed orange: its flight to the corner; "
                + "green outline: the corner meant"
            : "; orange line: a preview opening into its control"
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Replay: \(htmlEscape(t.key))</title>
            <style>
            body { font: 15px/1.5 system-ui, sans-serif; max-width: 1100px; margin: 1.5em auto; padding: 0 1em; \
            color: #1d1d1f; }
            code { font-size: 14px; } table { border-collapse: collapse; margin: 1em 0; \
            font-variant-numeric: tabular-nums; font-size: 13px; }
            th, td { border: 1px solid #d2d2d7; padding: 3px 7px; text-align: left; vertical-align: top; } \
            th { background: #f5f5f7; }
            .check { padding: .6em 1em; border-radius: 8px; } .check.ok { background: #e3f9e5; } \
            .check.bad { background: #ffe5e3; }
            .player { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }
            .stage { flex: 1 1 560px; height: 62vh; min-height: 360px; display: flex; justify-content: center; }
            .side { flex: 0 0 200px; } .side figure { margin: 0 0 1em; } .side svg { width: 100%; \
            border: 1px solid #eee; }
            .side figcaption { font-size: 12px; color: #555; }
            .controls { display: flex; gap: .6em; align-items: center; margin: .8em 0; flex-wrap: wrap; }
            .controls input[type=range] { flex: 1 1 300px; } button { font: inherit; padding: .2em .9em; }
            #caption { font-weight: 600; min-height: 3em; } ol.notes { font-size: 13px; color: #444; }
            \(WireframeSVG.css)
            </style></head><body>
            <h1>Replay of one trial</h1>
            <p><code>\(htmlEscape(t.key))</code></p>
            <p>Strategy <b>\(htmlEscape(t.strategy))</b> on \(htmlEscape(t.device.name)), \
            participant \(htmlEscape(r.participantID)) (\(htmlEscape(r.participantGroup))), \
            task “\(htmlEscape(t.task.label))”, \(htmlEscape(session)). Run \(c.run.id) of \
            \(htmlEscape(c.run.experiment)). \(htmlEscape(outcome))</p>
            <p class="check \(c.check.allEqual ? "ok" : "bad")">\(htmlEscape(c.check.sentence(run: c.run.id)))</p>
            \(photos.definitions)
            <div class="player"><div class="stage">
            \(svgs.joined(separator: "\n"))
            </div><div class="side">\(sidePhotos)
            <p style="font-size:12px;color:#555">Blue: the finger (dot where it came down); green dot: a tap that hit; \
            red cross: a miss, its target outlined in orange; dashed grey: what moved or went away\(legend)</p>
            </div></div>
            <div class="controls"><button id="prev" title="previous frame (←)">◀</button>\
            <button id="play" title="play or pause (space)">Play</button>\
            <button id="next" title="next frame (→)">▶</button>
            <input type="range" id="slider" min="0" max="\(c.frames.count - 1)" value="0" aria-label="frame">\
            <span id="count">1 / \(c.frames.count)</span>
            <label>speed <select id="speed"><option value="0.5">½×</option><option value="1" selected>1×</option>\
            <option value="2">2×</option><option value="4">4×</option></select></label></div>
            <p id="caption">\(htmlEscape(c.frames[0].caption))</p>

            """
        for f in c.frames {
            out +=
                "<ol class=\"notes\" data-i=\"\(f.index)\"\(f.index == 0 ? "" : " hidden")>"
                + notes(f).map { "<li>\(htmlEscape($0))</li>" }.joined() + "</ol>\n"
        }
        out +=
            "<h2>Frames</h2>\n<p>One frame for the screen as first seen, then one per gesture in the trace (each "
                + "touch-down … lift-off): \(c.frames.count - 1) gestures, \(c.frames.count) frames. The filmstrip "
                + "(<a href=\"filmstrip.png\">filmstrip.png</a>) shows the same frames in a grid.</p>\n"
        out +=
            "<table><tr><th>frame</th><th>t (s)</th><th>gesture</th><th>target</th><th>what "
                + "changed</th>\(r.scene.goalLab != nil ? "<th>ΔE00 to goal</th>" : "")</tr>\n"
        for f in c.frames {
            let g = f.gesture
            let kind =
                g.map { $0.kind == .tap && $0.hit == false ? "tap (missed)" : $0.kind.rawValue } ?? "as first seen"
            let target = f.control.map(ReplayFrames.name) ?? g?.control ?? ""
            out +=
                "<tr><td>\(f.index)</td><td>\(formatNumber(f.time, digits: 2))</td><td>\(htmlEscape(kind))</td><td>"
                    + "\(htmlEscape(target))</td><td>\(htmlEscape(f.changes.joined(separator: "; ")))</td>"
            if r.scene.goalLab != nil { out += "<td>\(f.deltaE.map { formatNumber($0) } ?? "")</td>" }
            out += "</tr>\n"
        }
        out +=
            "</table>\n<h2>Metrics: stored and replayed</h2>\n<table><tr><th>metric</th><th>stored "
                + "(run \(c.run.id))</th><th>replayed</th><th>equal</th></tr>\n"
        for row in c.check.rows {
            out +=
                "<tr><td>\(htmlEscape(row.name))</td><td>"
                    + "\(row.stored.map { formatNumber($0, digits: 6) } ?? "–")</td><td>"
                    + "\(row.replayed.map { formatNumber($0, digits: 6) } ?? "–")</td><td>"
                    + "\(row.equal ? "yes" : "<b>no</b>")</td></tr>\n"
        }
        out +=
            "</table>\n<p>Made by <code>\(htmlEscape(c.command))</code>: the trial is simulated again from its key "
                + "(its session relived from the first trial, in memory, traced), so nothing had to be stored to "
                + "watch it.</p>\n"
        out +=
            "<script type=\"application/json\" "
                + "id=\"data\">\(try frameData(c))</script>\n<script>\n\(script)\n</script>\n</body></html>\n"
        return out
    }

    static func outcomeSentence(_ r: TrialReplay) -> String {
        let m = Dictionary(r.metrics.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        let done = m["time_to_done_s"].map { formatNumber($0, digits: 2) } ?? "?"
        if let t = m["time_to_effect_s"] {
            return "Reached the goal at \(formatNumber(t, digits: 2)) s; done at \(done) s."
        }
        if m["reached_effect"] == 0 { return "Did not reach the goal; stopped at \(done) s." }
        return "Stopped at \(done) s."
    }

    /// The trace's events around a frame's gesture, one line each (a run of
    /// preview inspections as one line).
    static func notes(_ f: ReplayFrame) -> [String] {
        guard let g = f.gesture else { return ["The screen as the person first saw it."] + f.changes }
        var lines: [String] = []
        var inspected = 0
        func flush() {
            if inspected > 0 {
                lines.append("inspected \(inspected) preview\(inspected == 1 ? "" : "s")"); inspected = 0
            }
        }
        for e in g.leadUp {
            if e.kind == "inspect" { inspected += 1; continue }
            flush()
            lines.append(line(e))
        }
        flush()
        lines.append(
            "\(formatNumber(g.start, digits: 2)) s · \(g.kind.rawValue): \(g.touches.count) touch samples "
                + "over \(formatNumber(g.end - g.start, digits: 2)) s"
        )
        for e in g.aftermath {
            if e.kind == "inspect" { inspected += 1; continue }
            flush()
            lines.append(line(e))
        }
        flush()
        return lines
    }

    static func line(_ e: TraceEvent) -> String {
        let f = TraceGestures.fields(e)
        let detail = f.keys.sorted().map { k -> String in
            switch f[k] {
            case let d as Double: return "\(k) \(formatNumber(d))"
            case let b as Bool: return "\(k) \(b ? "yes" : "no")"
            case let s as String: return "\(k) \(s)"
            default: return k
            }
        }
        return "\(formatNumber(e.time, digits: 2)) s · \(e.kind)"
            + (detail.isEmpty ? "" : ": " + detail.joined(separator: ", "))
    }

    static func frameData(_ c: Context) throws -> String {
        func r(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        let size = c.replay.scene.pipLayout.map { [r($0.pipSize.width), r($0.pipSize.height)] } ?? []
        let data = c.frames.map { f in
            FrameData(
                caption: f.caption,
                touches: f.gesture?.touches.map { [r($0.time), r($0.location.x), r($0.location.y)] } ?? [],
                pip: f.after.pipPath.map { [r($0.x), r($0.y)] }, flight: f.after.flight.map { [r($0.x), r($0.y)] },
                card: f.cardFlight.map {
                    [
                        [r($0.from.minX), r($0.from.minY), r($0.from.width), r($0.from.height)],
                        [r($0.to.minX), r($0.to.minY), r($0.to.width), r($0.to.height)]
                    ]
                } ?? [],
                pipSize: size)
        }
        // Keys sorted: the encoder's own order varies from process to process, and a report must not.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(data), as: UTF8.self)
        return json.replacingOccurrences(of: "</", with: "<\\/")
    }

    /// Steps through the frames; playing animates each gesture in the trial's own
    /// time (a finger dot along its path, the PIP along its path and flight, a
    /// preview opening), then shows the screen after it.
    static let script = """
        (function () {
          const D = JSON.parse(document.getElementById('data').textContent);
          const svgs = Array.from(document.querySelectorAll('svg.frame'));
          const notes = Array.from(document.querySelectorAll('ol.notes'));
          const slider = document.getElementById('slider'), play = document.getElementById('play');
          const caption = document.getElementById('caption'), count = document.getElementById('count'), \
        speedBox = document.getElementById('speed');
          let cur = 0, playing = false, raf = null, hold = null;
          const speed = () => parseFloat(speedBox.value) || 1;
          function cancel() { if (raf) cancelAnimationFrame(raf); if (hold) clearTimeout(hold); raf = hold = null; }
          function show(k) {
            cancel(); cur = k;
            svgs.forEach((s, i) => { s.style.display = i === k ? '' : 'none'; s.classList.remove('moving'); });
            notes.forEach((n, i) => { n.hidden = i !== k; });
            slider.value = k; count.textContent = (k + 1) + ' / ' + svgs.length; caption.textContent = D[k].caption;
          }
          function place(el, x, y, w, h) { el.setAttribute('x', x - w / 2); el.setAttribute('y', y - h / 2); \
        el.setAttribute('width', w); el.setAttribute('height', h); }
          function at(f, t) {
            const T = f.touches; let i = 0;
            while (i + 1 < T.length && T[i + 1][0] < t) i++;
            const j = Math.min(i + 1, T.length - 1), span = T[j][0] - T[i][0], \
        u = span > 0 ? Math.min(1, Math.max(0, (t - T[i][0]) / span)) : 0;
            const mix = (a, b) => a + (b - a) * u;
            const p = [mix(T[i][1], T[j][1]), mix(T[i][2], T[j][2])];
            const q = f.pip.length > j ? [mix(f.pip[i][0], f.pip[j][0]), mix(f.pip[i][1], f.pip[j][1])] : null;
            return [p, q];
          }
          function animate(k, done) {
            show(k);
            const f = D[k], svg = svgs[k];
            if (!f.touches.length) { hold = setTimeout(done, 900 / speed()); return; }
            svg.classList.add('moving');
            const finger = svg.querySelector('.finger'), fly = svg.querySelector('.fly'), \
        card = svg.querySelector('.card');
            const t0 = f.touches[0][0], t1 = f.touches[f.touches.length - 1][0];
            const touch = Math.max(0.35, t1 - t0), flight = f.flight.length / 60, opening = f.card.length ? 0.45 : 0;
            const start = performance.now();
            function step(now) {
              const s = (now - start) / 1000 * speed();
              if (s < touch) {
                const [p, q] = at(f, t0 + (t1 - t0) * s / touch);
                finger.setAttribute('cx', p[0]); finger.setAttribute('cy', p[1]);
                if (fly && q) place(fly, q[0], q[1], f.pipSize[0], f.pipSize[1]);
              } else if (s < touch + flight) {
                finger.setAttribute('cx', -100);
                const p = f.flight[Math.min(f.flight.length - 1, Math.floor((s - touch) * 60))];
                if (fly) place(fly, p[0], p[1], f.pipSize[0], f.pipSize[1]);
              } else if (s < touch + flight + opening) {
                finger.setAttribute('cx', -100);
                const u = (s - touch - flight) / opening, a = f.card[0], b = f.card[1], \
        m = (i) => a[i] + (b[i] - a[i]) * u;
                card.setAttribute('x', m(0)); card.setAttribute('y', m(1)); card.setAttribute('width', m(2)); \
        card.setAttribute('height', m(3));
              } else {
                svg.classList.remove('moving'); raf = null;
                hold = setTimeout(done, 900 / speed()); return;
              }
              raf = requestAnimationFrame(step);
            }
            raf = requestAnimationFrame(step);
          }
          function stop() { playing = false; play.textContent = 'Play'; }
          function next() { if (!playing) return; if (cur + 1 < svgs.length) animate(cur + 1, next); else stop(); }
          function start() {
            playing = true; play.textContent = 'Pause';
            if (cur + 1 >= svgs.length) show(0);
            hold = setTimeout(next, 600 / speed());
          }
          play.addEventListener('click', () => { if (playing) { stop(); show(cur); } else start(); });
          document.getElementById('prev').addEventListener('click', () => { stop(); show(Math.max(0, cur - 1)); });
          document.getElementById('next').addEventListener('click', () => { stop(); \
        show(Math.min(svgs.length - 1, cur + 1)); });
          slider.addEventListener('input', () => { stop(); show(parseInt(slider.value, 10)); });
          document.addEventListener('keydown', (e) => {
            if (e.target.tagName === 'SELECT') return;
            if (e.key === ' ') { e.preventDefault(); play.click(); }
            else if (e.key === 'ArrowLeft') document.getElementById('prev').click();
            else if (e.key === 'ArrowRight') document.getElementById('next').click();
          });
          // A link may open a given frame: index.html#frame=3.
          const m = /frame=(\\d+)/.exec(location.hash);
          show(m ? Math.min(svgs.length - 1, parseInt(m[1], 10)) : 0);
        })();
        """
}
