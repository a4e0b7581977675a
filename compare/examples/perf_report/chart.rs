//! perf_report's chart, `docs/perf.svg`: for each headline workload, the fastest peer's time
//! ÷ endian_wire's, one bar per instruction set the run measured, on a log scale around a
//! line at 1x (a bar to the right: endian_wire is faster; to the left: the peer is).
//!
//! Hand-written SVG 1.1 with no script, no style sheet and no external reference, so GitHub
//! shows it in a Markdown image and a browser opens it directly. The output depends on
//! [`Chart`] alone (every number printed at a fixed precision), so the same figures give the
//! same bytes.

use std::fmt::Write as _;

/// What the chart shows, independent of how it was measured.
pub struct Chart {
    /// The first line, in bold.
    pub title: String,
    /// The line below it: machine, compiler, date, method.
    pub caption: String,
    /// The instruction sets, one bar each per row; the first is the default dispatch.
    pub tiers: Vec<String>,
    pub rows: Vec<Row>,
}

/// One workload: a group of bars, one per tier.
pub struct Row {
    /// The heading drawn above the first row of each run of rows with the same group.
    pub group: String,
    /// The workload, in words.
    pub label: String,
    /// The fastest peer and its time in nanoseconds.
    pub peer: String,
    pub peer_ns: f64,
    /// endian_wire's time in nanoseconds on each tier of [`Chart::tiers`]; `None` where the
    /// run did not measure that tier.
    pub ours_ns: Vec<Option<f64>>,
}

// Okabe and Ito's palette: distinguishable with the common colour-vision deficiencies.
const TIER_COLOURS: [&str; 6] = [
    "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00",
];
const TEXT: &str = "#1f2328";
const MUTED: &str = "#59636e";
const BEHIND: &str = "#b3261e";
const FONT: &str = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

const WIDTH: f64 = 900.0;
const MARGIN: f64 = 16.0;
/// Room right of the plot for the last bar's value.
const VALUE_ROOM: f64 = 56.0;
const BAR: f64 = 9.0;
const BAR_GAP: f64 = 2.0;
const ROW_GAP: f64 = 10.0;
const LABEL_LINES: f64 = 30.0;
const GROUP_HEADING: f64 = 22.0;

/// A rough width of `text` at 12 px in a proportional sans-serif font, to size the label
/// column (SVG has no layout; too wide is harmless, too narrow overlaps the bars).
fn text_width(text: &str) -> f64 {
    text.chars().count() as f64 * 6.6
}

/// `text` with the five characters XML reserves escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A tick's label: `0.25x`, `0.5x`, `1x`, `2x`, `16x`.
fn tick_label(exp: i32) -> String {
    let value = 2f64.powi(exp);
    let text = format!("{value:.3}");
    format!("{}x", text.trim_end_matches('0').trim_end_matches('.'))
}

/// The powers of two the axis spans: every ratio, with room left of the smallest for its value
/// (the largest's goes in the margin), and never less than 0.5x to 2x, so the line at 1x
/// always has context on both sides.
fn axis_exponents(ratios: impl Iterator<Item = f64>) -> (i32, i32) {
    let (mut lo, mut hi) = (1.0f64, 1.0f64);
    for r in ratios.filter(|r| r.is_finite() && *r > 0.0) {
        lo = lo.min(r);
        hi = hi.max(r);
    }
    let lo_exp = ((lo / 1.5).log2().floor() as i32).min(-1);
    let hi_exp = (hi.log2().ceil() as i32).max(1);
    (lo_exp, hi_exp)
}

/// The SVG document for `chart`.
pub fn svg(chart: &Chart) -> String {
    // A ratio the axis cannot place (a zero or non-finite time) is not drawn.
    let ratio = |row: &Row, ns: Option<f64>| {
        ns.map(|ours| row.peer_ns / ours)
            .filter(|r| r.is_finite() && *r > 0.0)
    };
    let (lo_exp, hi_exp) = axis_exponents(
        chart
            .rows
            .iter()
            .flat_map(|row| row.ours_ns.iter().filter_map(move |&ns| ratio(row, ns))),
    );

    let label_width = chart
        .rows
        .iter()
        .flat_map(|row| {
            [
                text_width(&row.label),
                text_width(&format!("vs {}", row.peer)),
            ]
        })
        .fold(120.0, f64::max);
    let plot_left = MARGIN + label_width + 16.0;
    let plot_right = WIDTH - MARGIN - VALUE_ROOM;
    let x = |ratio: f64| {
        let t = (ratio.log2() - f64::from(lo_exp)) / f64::from(hi_exp - lo_exp);
        plot_left + t.clamp(0.0, 1.0) * (plot_right - plot_left)
    };
    let one = x(1.0);

    let bars_height = |row: &Row| {
        let n = row.ours_ns.len().max(1) as f64;
        n * BAR + (n - 1.0) * BAR_GAP
    };
    let row_height = |row: &Row| bars_height(row).max(LABEL_LINES) + ROW_GAP;

    // Vertical layout: title, caption, legend, then the rows, then the axis.
    let legend_y = 72.0;
    let plot_top = legend_y + 22.0;
    let mut body_height = 0.0;
    let mut group: Option<&str> = None;
    for row in &chart.rows {
        if group != Some(row.group.as_str()) {
            body_height += GROUP_HEADING;
            group = Some(&row.group);
        }
        body_height += row_height(row);
    }
    let plot_bottom = plot_top + body_height;
    let height = plot_bottom + 50.0;

    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {WIDTH:.0} {height:.0}\" role=\"img\" aria-labelledby=\"title desc\" \
         font-family=\"{FONT}\" font-size=\"12\" fill=\"{TEXT}\">"
    );
    let _ = writeln!(s, "<title id=\"title\">{}</title>", escape(&chart.title));
    let _ = writeln!(s, "<desc id=\"desc\">{}</desc>", escape(&chart.caption));
    // An opaque background: GitHub's dark theme would otherwise put dark text on dark grey.
    let _ = writeln!(
        s,
        "<rect width=\"{WIDTH:.0}\" height=\"{height:.0}\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(
        s,
        "<text x=\"{MARGIN:.0}\" y=\"26\" font-size=\"16\" font-weight=\"bold\">{}</text>",
        escape(&chart.title)
    );
    let _ = writeln!(
        s,
        "<text x=\"{MARGIN:.0}\" y=\"46\" fill=\"{MUTED}\">{}</text>",
        escape(&chart.caption)
    );

    // Legend: one swatch per tier.
    let mut legend_x = MARGIN;
    for (i, tier) in chart.tiers.iter().enumerate() {
        let colour = TIER_COLOURS[i % TIER_COLOURS.len()];
        let _ = writeln!(
            s,
            "<rect x=\"{legend_x:.1}\" y=\"{:.1}\" width=\"{BAR:.0}\" height=\"{BAR:.0}\" \
             fill=\"{colour}\"/>",
            legend_y - BAR + 1.0
        );
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{legend_y:.1}\">{}</text>",
            legend_x + BAR + 5.0,
            escape(tier)
        );
        legend_x += BAR + 5.0 + text_width(tier) + 20.0;
    }

    // Grid: a line per power of two, the one at 1x darker.
    for exp in lo_exp..=hi_exp {
        let gx = x(2f64.powi(exp));
        let (stroke, width) = if exp == 0 {
            (TEXT, 1.5)
        } else {
            ("#d0d7de", 1.0)
        };
        let _ = writeln!(
            s,
            "<line x1=\"{gx:.1}\" y1=\"{plot_top:.1}\" x2=\"{gx:.1}\" y2=\"{plot_bottom:.1}\" \
             stroke=\"{stroke}\" stroke-width=\"{width}\"/>"
        );
        let _ = writeln!(
            s,
            "<text x=\"{gx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{MUTED}\">{}</text>",
            plot_bottom + 16.0,
            tick_label(exp)
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"{MUTED}\">\u{2190} the peer \
         is faster</text>",
        one - 8.0,
        plot_bottom + 36.0
    );
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"{MUTED}\">endian_wire is faster \u{2192}</text>",
        one + 8.0,
        plot_bottom + 36.0
    );

    // The rows.
    let mut y = plot_top;
    let mut group: Option<&str> = None;
    for row in &chart.rows {
        if group != Some(row.group.as_str()) {
            let _ = writeln!(
                s,
                "<text x=\"{MARGIN:.0}\" y=\"{:.1}\" font-weight=\"bold\">{}</text>",
                y + 15.0,
                escape(&row.group)
            );
            y += GROUP_HEADING;
            group = Some(&row.group);
        }
        let height = row_height(row);
        let label_right = plot_left - 16.0;
        let _ = writeln!(
            s,
            "<text x=\"{label_right:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            y + 12.0,
            escape(&row.label)
        );
        let _ = writeln!(
            s,
            "<text x=\"{label_right:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"{MUTED}\">vs \
             {}</text>",
            y + 26.0,
            escape(&row.peer)
        );
        let mut bar_y = y + (height - ROW_GAP - bars_height(row)) / 2.0;
        for (i, (tier, ours)) in chart.tiers.iter().zip(&row.ours_ns).enumerate() {
            if let Some(r) = ratio(row, *ours) {
                let colour = TIER_COLOURS[i % TIER_COLOURS.len()];
                let end = x(r);
                let (left, right) = if end >= one { (one, end) } else { (end, one) };
                let _ = writeln!(
                    s,
                    "<rect x=\"{left:.1}\" y=\"{bar_y:.1}\" width=\"{:.1}\" height=\"{BAR:.0}\" \
                     fill=\"{colour}\"><title>{}: endian_wire {}, {} {}: {r:.2}x</title></rect>",
                    (right - left).max(1.0),
                    escape(tier),
                    fmt_ns(ours.unwrap_or_default()),
                    escape(&row.peer),
                    fmt_ns(row.peer_ns)
                );
                let text_y = bar_y + BAR - 1.5;
                let _ = if r >= 1.0 {
                    writeln!(
                        s,
                        "<text x=\"{:.1}\" y=\"{text_y:.1}\" font-size=\"11\">{r:.2}x</text>",
                        right + 4.0
                    )
                } else {
                    writeln!(
                        s,
                        "<text x=\"{:.1}\" y=\"{text_y:.1}\" font-size=\"11\" text-anchor=\"end\" \
                         fill=\"{BEHIND}\">{r:.2}x</text>",
                        left - 4.0
                    )
                };
            }
            bar_y += BAR + BAR_GAP;
        }
        y += height;
    }
    s.push_str("</svg>\n");
    s
}

/// A time for a tooltip, at the precision of the report's tables.
fn fmt_ns(ns: f64) -> String {
    super::fmt_time(ns)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two tiers, two groups, a row ahead, a row behind, a row measured on one tier only and
    /// one whose times give no ratio to draw; labels with every character XML reserves.
    fn sample() -> Chart {
        Chart {
            title: "endian_wire & peers".into(),
            caption: "Test CPU, rustc 1.0".into(),
            tiers: vec!["avx2 (default dispatch)".into(), "sse2".into()],
            rows: vec![
                Row {
                    group: "bulk".into(),
                    label: "`u32` → bytes <1 KiB>".into(),
                    peer: "byteorder".into(),
                    peer_ns: 40.0,
                    ours_ns: vec![Some(10.0), Some(20.0)],
                },
                Row {
                    group: "bulk".into(),
                    label: "bytes → u32 \"64 B\"".into(),
                    peer: "zerocopy".into(),
                    peer_ns: 9.0,
                    ours_ns: vec![Some(10.0), Some(12.0)],
                },
                Row {
                    group: "framing".into(),
                    label: "Vec<u8> 'decode'".into(),
                    peer: "wincode".into(),
                    peer_ns: 300.0,
                    ours_ns: vec![Some(100.0), None],
                },
                Row {
                    group: "framing".into(),
                    label: "unplaceable".into(),
                    peer: "bincode 2".into(),
                    peer_ns: 5.0,
                    ours_ns: vec![Some(0.0), Some(f64::NAN)],
                },
            ],
        }
    }

    /// The bars as (x, width, fill), in document order.
    fn bars(svg: &str) -> Vec<(f64, f64, String)> {
        let attr = |tag: &str, name: &str| -> String {
            let start = tag.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
            tag[start..][..tag[start..].find('"').unwrap()].to_owned()
        };
        svg.lines()
            .filter(|l| l.starts_with("<rect ") && l.contains("<title>"))
            .map(|l| {
                (
                    attr(l, "x").parse().unwrap(),
                    attr(l, "width").parse().unwrap(),
                    attr(l, "fill"),
                )
            })
            .collect()
    }

    /// The x of the line at 1x: the darker grid line.
    fn one_x(svg: &str) -> f64 {
        let line = svg
            .lines()
            .find(|l| l.starts_with("<line ") && l.contains(&format!("stroke=\"{TEXT}\"")))
            .expect("a line at 1x");
        let start = line.find("x1=\"").unwrap() + 4;
        line[start..][..line[start..].find('"').unwrap()]
            .parse()
            .unwrap()
    }

    #[test]
    fn same_figures_same_bytes() {
        assert_eq!(svg(&sample()), svg(&sample()));
    }

    #[test]
    fn one_bar_per_measured_tier_on_the_right_side_of_one() {
        let out = svg(&sample());
        let bars = bars(&out);
        let one = one_x(&out);
        // Five measured (row, tier) pairs; the first framing row has no sse2 bar, the second
        // no bar at all.
        assert_eq!(bars.len(), 5);
        let fills: Vec<&str> = bars.iter().map(|b| b.2.as_str()).collect();
        assert_eq!(
            fills,
            [
                TIER_COLOURS[0],
                TIER_COLOURS[1],
                TIER_COLOURS[0],
                TIER_COLOURS[1],
                TIER_COLOURS[0]
            ]
        );
        // 4x and 2x start at the line and grow right, 0.90x and 0.75x end at it.
        for &(x, w, _) in [&bars[0], &bars[1], &bars[4]] {
            assert!((x - one).abs() < 0.05, "{x} vs {one}");
            assert!(w > 1.0);
        }
        for &(x, w, _) in [&bars[2], &bars[3]] {
            assert!((x + w - one).abs() < 0.11, "{x} + {w} vs {one}");
        }
        // Log scale: 4x is twice as long as 2x, 3x between them.
        let (four, two, three) = (bars[0].1, bars[1].1, bars[4].1);
        assert!((four - 2.0 * two).abs() < 0.2, "{four} {two}");
        assert!(two < three && three < four);
        // 0.75x is longer than 0.90x, both to the left.
        assert!(bars[3].1 > bars[2].1);
    }

    #[test]
    fn values_peers_groups_and_ticks_are_labelled() {
        let out = svg(&sample());
        for text in [
            ">4.00x<",
            ">2.00x<",
            ">0.90x<",
            ">0.75x<",
            ">3.00x<",
            ">vs byteorder<",
            ">vs wincode<",
            ">bulk<",
            ">framing<",
            ">0.5x<",
            ">1x<",
            ">2x<",
            ">4x<",
            ">sse2<",
        ] {
            assert!(out.contains(text), "{text} missing");
        }
        // A value behind the peer is drawn in the colour of a miss, left of its bar.
        assert!(out.contains(&format!("fill=\"{BEHIND}\">0.90x<")));
        // Each group's heading once.
        assert_eq!(out.matches(">bulk<").count(), 1);
    }

    #[test]
    fn reserved_characters_are_escaped_and_tags_balance() {
        let out = svg(&sample());
        assert!(out.contains("`u32` → bytes &lt;1 KiB&gt;"));
        assert!(out.contains("bytes → u32 &quot;64 B&quot;"));
        assert!(out.contains("Vec&lt;u8&gt; &apos;decode&apos;"));
        assert!(out.contains("endian_wire &amp; peers"));
        // Every `<` opens a tag, every element closes in order.
        let mut open: Vec<&str> = Vec::new();
        let mut rest = out.as_str();
        while let Some(start) = rest.find('<') {
            let end = rest[start..].find('>').expect("an unterminated tag") + start;
            let tag = &rest[start + 1..end];
            assert!(!tag.contains('<'), "a `<` inside a tag: {tag}");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop(), Some(name), "</{name}> closes another element");
            } else if !tag.ends_with('/') {
                open.push(tag.split(' ').next().unwrap());
            }
            rest = &rest[end + 1..];
        }
        assert!(open.is_empty(), "unclosed: {open:?}");
        assert!(out.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    }

    #[test]
    fn axis_spans_every_ratio_with_room() {
        assert_eq!(axis_exponents([1.0].into_iter()), (-1, 1));
        assert_eq!(axis_exponents([0.89, 5.27].into_iter()), (-1, 3));
        assert_eq!(axis_exponents([0.4, 170.0].into_iter()), (-2, 8));
        assert_eq!(
            axis_exponents([4.0, f64::INFINITY, 0.0].into_iter()),
            (-1, 2)
        );
        assert_eq!(tick_label(-2), "0.25x");
        assert_eq!(tick_label(0), "1x");
        assert_eq!(tick_label(4), "16x");
    }
}
