//! perf_report's instruction-set options:
//! `--isa NAME` runs every row on that set's bulk kernels, `--all-isas` measures the bulk and
//! struct rows, and the headline's other rows, once per set this machine can run, side by side
//! in one table.
//!
//! With `--all-isas`, each row's implementations are the default dispatch (`endian_wire`, the
//! best set), `endian_wire` forced to each other set, and the peers, all in the same
//! round-robin rounds: every batch forces its set first ([`Isa::force`] stores five pointers),
//! so the sets are compared under the same noise as the peers.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use super::*;

use endian_wire_testkit::bench as isa;

static FORCED: OnceLock<Isa> = OnceLock::new();
static ALL_ISAS: AtomicBool = AtomicBool::new(false);

/// The lines `--help` adds.
pub(super) const HELP: &str = "  --isa NAME   run every row on the bulk kernels of NAME \
     (portable|sse2|ssse3|avx2|avx512bw|neon)\n  --all-isas   the bulk and struct rows and \
     the headline's once per instruction set this machine can run, side by side";

/// Takes `--isa NAME` or `--all-isas` (exits with status 2 on a name this machine cannot run).
pub(super) fn take_arg(arg: &str, args: &mut impl Iterator<Item = String>) {
    if arg == "--all-isas" {
        ALL_ISAS.store(true, Ordering::Relaxed);
        return;
    }
    let Some(name) = args.next() else {
        eprintln!("perf_report: --isa needs a name ({})", isa::names());
        std::process::exit(2);
    };
    let _ = FORCED.set(isa::force_or_exit("perf_report: --isa", &name));
}

/// Whether `--isa` forced one set for the whole run (`--write` refuses then: the recorded
/// tables are the default dispatch's, and with `--all-isas` every set's).
pub(super) fn forced() -> bool {
    FORCED.get().is_some()
}

pub(super) fn all_isas() -> bool {
    ALL_ISAS.load(Ordering::Relaxed)
}

/// The default run's SIMD path: the active set, whether `--isa` forced it, and what inputs of
/// up to 64 bytes run on.
pub(super) fn simd_path() -> String {
    let how = match FORCED.get() {
        Some(_) => format!("forced by `--isa`; best here `{}`", Isa::best().name()),
        None => "detected".to_owned(),
    };
    simd_path_with(&how)
}

fn simd_path_with(how: &str) -> String {
    let available: Vec<&str> = available().into_iter().map(Isa::name).collect();
    format!(
        "`{}` ({how}; available here: {}; inputs up to 64 B inline on the compile-time target's \
         vectors)",
        Isa::active().name(),
        available.join(", ")
    )
}

/// The sets this machine can run, best first.
fn available() -> Vec<Isa> {
    let mut sets: Vec<Isa> = Isa::ALL.into_iter().filter(|i| i.is_available()).collect();
    sets.reverse();
    sets
}

/// A case of `w` that forces `isa` before each batch.
fn forced_case(imp: &'static str, isa: Isa, mut run: Box<dyn FnMut(u64)>) -> Case {
    Case {
        imp,
        run: Box::new(move |n| {
            isa.force().expect("available, checked before");
            run(n);
        }),
    }
}

/// What `--all-isas` measured: the sets, best first, and each section's rows, whose
/// implementations are `endian_wire` (the best set), each other set by its name, then the peers.
pub(super) struct Tiers {
    sets: Vec<Isa>,
    pub(super) sections: Sections,
}

impl Tiers {
    /// The chart's legend: each set, and the name its times are recorded under.
    pub(super) fn legend(&self) -> Vec<(String, &'static str)> {
        self.sets
            .iter()
            .enumerate()
            .map(|(i, isa)| match i {
                0 => (format!("{} (default dispatch)", isa.name()), "endian_wire"),
                _ => (format!("{} (forced)", isa.name()), isa.name()),
            })
            .collect()
    }

    /// The header and the table, as `--write` puts them in PERFORMANCE.md.
    pub(super) fn markdown(&self, setting: &Setting, plan: Plan) -> String {
        format!(
            "{}\n{}",
            header(
                setting,
                &simd_path_with("and each other set, see the table"),
                plan
            ),
            table(&self.sets, &self.sections)
        )
    }
}

/// Whether `--all-isas` measures every row of a section, or only its headline rows.
fn whole_section(title: &str) -> bool {
    title.starts_with("bulk") || title == "fixed-size structs"
}

/// `--all-isas`: the bulk and struct sections and the headline's other rows, each row's
/// `endian_wire` once per set.
pub(super) fn measure(setting: &Setting, plan: Plan, only: Option<&str>) -> Tiers {
    let sets = available();
    eprintln!(
        "perf_report: {} on {}, every instruction set: {}",
        setting.rustc,
        setting.cpu,
        sets.iter().map(|i| i.name()).collect::<Vec<_>>().join(", ")
    );
    let started = Instant::now();
    let mut sections = Vec::new();
    for (title, build) in workloads() {
        // One build per set: each gives its own `endian_wire` case.
        let mut builds: Vec<std::vec::IntoIter<Workload>> =
            sets.iter().map(|_| build().into_iter()).collect();
        let mut rows = Vec::new();
        while let Some(mut w) = builds[0].next() {
            let others: Vec<Workload> = builds[1..].iter_mut().filter_map(Iterator::next).collect();
            if !(whole_section(title) || headline::contains(&w.name))
                || only.is_some_and(|text| !w.name.contains(text))
            {
                continue;
            }
            let ours = w.cases.remove(0);
            let mut cases = vec![forced_case("endian_wire", sets[0], ours.run)];
            for (&isa, mut other) in sets[1..].iter().zip(others) {
                cases.push(forced_case(isa.name(), isa, other.cases.remove(0).run));
            }
            cases.append(&mut w.cases);
            w.cases = cases;
            rows.push(measure_logged(w, plan, started));
        }
        if !rows.is_empty() {
            sections.push((title, rows));
        }
    }
    sets[0].force().expect("the best set runs here");
    eprintln!(
        "perf_report: done in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Tiers { sets, sections }
}

/// One row per workload: each set's time with memcpy's time ÷ it in parentheses (1.00x: as
/// fast as a copy), memcpy's time, the fastest peer's, and that peer against the slowest set.
fn table(sets: &[Isa], sections: &[(&str, Vec<Measured>)]) -> String {
    let names: Vec<&str> = sets.iter().map(|i| i.name()).collect();
    let columns = names.len() + 3;
    let mut t = format!(
        "Each set's time, and in parentheses memcpy's time ÷ that set's (1.00x: as fast as a \
         copy); `{}` is the default dispatch. Inputs up to 64 B run inline on the compile-time \
         target's vectors whatever the set. The last column is the fastest peer's time ÷ the \
         slowest vector set's (all but `portable`): from 1.00x up, each of them is ahead of \
         every peer.\n\n\
         | workload | {} | memcpy | fastest peer | fastest peer ÷ slowest vector set |\n\
         |---|{}---|---:|\n",
        names[0],
        names.join(" | "),
        "---:|".repeat(names.len() + 1)
    );
    for (title, rows) in sections {
        t += &format!("| **{title}** |{}\n", " |".repeat(columns));
        for m in rows {
            let time = |i: usize| {
                let imp = if i == 0 { "endian_wire" } else { names[i] };
                m.stats.iter().find(|s| s.imp == imp).map(|s| s.median)
            };
            let copy = m.time("memcpy");
            let mut cells: Vec<String> = (0..names.len())
                .map(|i| match (time(i), copy) {
                    (Some(ns), Some(c)) => format!("{} ({})", fmt_time(ns), fmt_ratio(c, ns)),
                    (Some(ns), None) => fmt_time(ns),
                    (None, _) => "–".into(),
                })
                .collect();
            cells.push(copy.map_or_else(|| "–".into(), fmt_time));
            let peer = m.fastest_peer();
            cells.push(peer.map_or_else(
                || "–".into(),
                |p| format!("{} {}", p.imp, fmt_time(p.median)),
            ));
            let slowest = (0..names.len())
                .filter(|&i| names[i] != "portable")
                .filter_map(time)
                .fold(0.0, f64::max);
            cells.push(match peer {
                Some(p) if slowest > 0.0 => fmt_ratio(p.median, slowest),
                _ => "–".into(),
            });
            t += &format!("| {} | {} |\n", m.name, cells.join(" | "));
        }
    }
    t
}
