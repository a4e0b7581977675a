//! perf_report's headline: the rows a user of each layer looks at first, as a short table for
//! README.md (between `<!-- headline:begin -->` and `<!-- headline:end -->`) and as the chart
//! `docs/perf.svg`. The full table stays in PERFORMANCE.md.
//!
//! Both come from one measurement: the default run's, or with `--all-isas` the per-set run's,
//! whose default dispatch and forced sets share each row's rounds with the peers.

use super::chart::{self, Chart};
use super::{Measured, Plan, Setting, fmt_ratio, fmt_time};

/// One headline row: the report row it shows, and its place and words in the chart.
struct Pick {
    /// The chart's heading for a run of rows.
    group: &'static str,
    /// The report's row name; a `*` stands for any text (the NBT rows name the file's size).
    pattern: &'static str,
    /// The chart's label: plain words, short enough for the label column.
    label: &'static str,
}

const fn pick(group: &'static str, pattern: &'static str, label: &'static str) -> Pick {
    Pick {
        group,
        pattern,
        label,
    }
}

/// The headline, in order: bulk conversion at 64 B and 1 KiB, a struct written and read, a
/// batch of records framed, one real message shape under each bincode configuration, the
/// socket codec, an NBT file read and written.
const HEADLINE: [Pick; 15] = [
    pick(
        "bulk: native u32 \u{2194} big-endian bytes",
        "`u32` → big-endian bytes, 64 B",
        "u32 → big-endian bytes, 64 B",
    ),
    pick(
        "bulk: native u32 \u{2194} big-endian bytes",
        "big-endian bytes → `u32`, 64 B",
        "big-endian bytes → u32, 64 B",
    ),
    pick(
        "bulk: native u32 \u{2194} big-endian bytes",
        "`u32` → big-endian bytes, 1 KiB",
        "u32 → big-endian bytes, 1 KiB",
    ),
    pick(
        "bulk: native u32 \u{2194} big-endian bytes",
        "big-endian bytes → `u32`, 1 KiB",
        "big-endian bytes → u32, 1 KiB",
    ),
    pick(
        "fixed-size structs",
        "`write_specific`, 64-byte struct",
        "write_specific, 64-byte struct",
    ),
    pick(
        "fixed-size structs",
        "`read_specific`, 64-byte struct",
        "read_specific, 64-byte struct",
    ),
    pick(
        "bincode framing, legacy()",
        "1000 trades, little-endian: encode to a new `Vec`",
        "1000 trades: encode",
    ),
    pick(
        "bincode framing, legacy()",
        "1000 trades, little-endian: decode",
        "1000 trades: decode",
    ),
    pick(
        "real message shapes",
        "framed log lines (12,500), `legacy()`: encode to a new `Vec`",
        "log lines, legacy(): encode",
    ),
    pick(
        "real message shapes",
        "framed log lines (12,500), `legacy()`: decode",
        "log lines, legacy(): decode",
    ),
    pick(
        "real message shapes",
        "framed network updates (400), `standard()`: encode to a new `Vec`",
        "network updates, standard(): encode",
    ),
    pick(
        "real message shapes",
        "framed network updates (400), `standard()`: decode",
        "network updates, standard(): decode",
    ),
    pick(
        "length-delimited codec",
        "one 33-byte trade through a length-delimited codec: encode + decode",
        "one trade: encode + decode",
    ),
    pick(
        "NBT",
        "read `complex_player.dat` (*) to a tree",
        "complex_player.dat: read to a tree",
    ),
    pick(
        "NBT",
        "write `complex_player.dat` (*)",
        "complex_player.dat: write",
    ),
];

fn matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        Some((head, tail)) => {
            name.len() >= head.len() + tail.len() && name.starts_with(head) && name.ends_with(tail)
        }
        None => name == pattern,
    }
}

/// Whether the row called `name` is in the headline.
pub fn contains(name: &str) -> bool {
    HEADLINE.iter().any(|p| matches(p.pattern, name))
}

/// The headline's rows among `measured`, in headline order. With `complete`, an error names
/// each pick that matched no row or more than one (a full run must match each exactly once).
pub fn rows<'m>(
    measured: impl Iterator<Item = &'m Measured> + Clone,
    complete: bool,
) -> Result<Vec<Picked<'m>>, String> {
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for pick in &HEADLINE {
        let found: Vec<&Measured> = measured
            .clone()
            .filter(|m| matches(pick.pattern, &m.name))
            .collect();
        match found.as_slice() {
            [m] => rows.push(Picked { pick, measured: m }),
            [] if !complete => {}
            [] => problems.push(format!("`{}` matches no row", pick.pattern)),
            more => problems.push(format!("`{}` matches {} rows", pick.pattern, more.len())),
        }
    }
    if problems.is_empty() {
        Ok(rows)
    } else {
        Err(format!("the headline: {}", problems.join("; ")))
    }
}

/// A headline row and its figures.
pub struct Picked<'m> {
    pick: &'static Pick,
    measured: &'m Measured,
}

/// The one-line header: date, machine, compiler, SIMD path, command.
fn header(setting: &Setting) -> String {
    format!(
        "Measured {} on {} ({} threads), {}, SIMD path `{}`, by `{}` at commit `{}`; ratio: \
         the fastest peer's time ÷ endian_wire's (above 1.00x: endian_wire is faster).\n",
        setting.date,
        setting.cpu,
        setting.threads,
        setting.rustc,
        setting.isa,
        setting.command,
        setting.commit,
    )
}

/// The headline as Markdown: the header line, the table, where the chart is.
pub fn markdown(rows: &[Picked], setting: &Setting) -> String {
    let mut t = header(setting);
    t += "\n| workload | endian_wire | fastest peer | ratio | a plain copy (memcpy) |\n\
          |---|---:|---|---:|---:|\n";
    for row in rows {
        let ours = row.measured.ours();
        let (peer, ratio) = match row.measured.fastest_peer() {
            Some(p) => (
                format!("{} {}", p.imp, fmt_time(p.median)),
                format!("**{}**", fmt_ratio(p.median, ours)),
            ),
            None => ("–".into(), "–".into()),
        };
        let copy = row.measured.time("memcpy").map_or_else(
            || "–".into(),
            |c| format!("{} ({})", fmt_time(c), fmt_ratio(c, ours)),
        );
        t += &format!(
            "| {} | {} | {peer} | {ratio} | {copy} |\n",
            row.measured.name,
            fmt_time(ours)
        );
    }
    // No image here: the README is the package's front page on crates.io and docs.rs, where a
    // relative image path resolves to nothing without a repository; PERFORMANCE.md shows it.
    t += "\nThe same rows per instruction set, as a chart: PERFORMANCE.md (`docs/perf.svg`).\n";
    t
}

/// The chart of `rows`. `tiers` pairs each legend entry with the implementation name its
/// times are recorded under (`endian_wire` for the default dispatch, the set's name for a
/// forced set).
pub fn chart(rows: &[Picked], tiers: &[(String, &str)], setting: &Setting, plan: Plan) -> Chart {
    Chart {
        title: "endian_wire against the fastest peer: the peer's time ÷ endian_wire's".into(),
        caption: format!(
            "{} ({} threads), {}, {}, commit {}; medians of {} round-robin samples, log scale",
            setting.cpu, setting.threads, setting.rustc, setting.date, setting.commit, plan.samples
        ),
        tiers: tiers.iter().map(|(legend, _)| legend.clone()).collect(),
        rows: rows
            .iter()
            .filter_map(|row| {
                let peer = row.measured.fastest_peer()?;
                Some(chart::Row {
                    group: row.pick.group.into(),
                    label: row.pick.label.into(),
                    peer: peer.imp.into(),
                    peer_ns: peer.median,
                    ours_ns: tiers
                        .iter()
                        .map(|&(_, imp)| row.measured.time(imp))
                        .collect(),
                })
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_fifteen_rows_each_with_a_short_label() {
        assert!(HEADLINE.len() <= 15);
        for p in &HEADLINE {
            assert!(p.label.chars().count() <= 40, "{}", p.label);
            assert!(p.pattern.matches('*').count() <= 1, "{}", p.pattern);
        }
    }

    #[test]
    fn patterns_match_whole_names() {
        assert!(matches(
            "read `complex_player.dat` (*) to a tree",
            "read `complex_player.dat` (3380 B) to a tree"
        ));
        assert!(!matches(
            "read `complex_player.dat` (*) to a tree",
            "read `complex_player.dat` (3380 B) in place (`nbt::view`)"
        ));
        assert!(matches(
            "write `complex_player.dat` (*)",
            "write `complex_player.dat` (3380 B)"
        ));
        assert!(!matches(
            "1000 trades: decode",
            "1000 trades: decode, again"
        ));
        // Head and tail may not overlap.
        assert!(!matches("ab*ba", "aba"));
    }
}
