//! perf_report's instruction-set options:
//! `--isa NAME` runs every row on that set's bulk kernels, `--all-isas` measures the bulk and
//! struct rows once per set this machine can run, side by side in one table.
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
     (portable|sse2|ssse3|avx2|avx512bw|neon)\n  --all-isas   the bulk and struct rows once \
     per instruction set this machine can run, side by side";

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

/// Whether `--isa` or `--all-isas` changed the instruction set (`--write` refuses then: the
/// recorded tables are the default dispatch's).
pub(super) fn changes_isa() -> bool {
    FORCED.get().is_some() || ALL_ISAS.load(Ordering::Relaxed)
}

pub(super) fn all_isas() -> bool {
    ALL_ISAS.load(Ordering::Relaxed)
}

/// The header's SIMD path: the active set, whether `--isa` forced it, and what inputs of up to
/// 64 bytes run on.
pub(super) fn simd_path() -> String {
    let available: Vec<&str> = available().into_iter().map(Isa::name).collect();
    let how = match FORCED.get() {
        Some(_) => format!("forced by `--isa`; best here `{}`", Isa::best().name()),
        None if all_isas() => "and each other set, see the table".to_owned(),
        None => "detected".to_owned(),
    };
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

/// `--all-isas`: the bulk and struct sections, each row's `endian_wire` once per set.
pub(super) fn report(plan: Plan, quick: bool, only: Option<&str>) {
    let sets = available();
    let setting = setting();
    eprintln!(
        "perf_report: {} on {}, every instruction set: {}",
        setting.rustc,
        setting.cpu,
        sets.iter().map(|i| i.name()).collect::<Vec<_>>().join(", ")
    );
    let started = Instant::now();
    let mut sections = Vec::new();
    for (title, build) in workloads() {
        if !(title.starts_with("bulk") || title == "fixed-size structs") {
            continue;
        }
        // One build per set: each gives its own `endian_wire` case.
        let mut builds: Vec<std::vec::IntoIter<Workload>> =
            sets.iter().map(|_| build().into_iter()).collect();
        let mut rows = Vec::new();
        while let Some(mut w) = builds[0].next() {
            let others: Vec<Workload> = builds[1..].iter_mut().filter_map(Iterator::next).collect();
            if only.is_some_and(|text| !w.name.contains(text)) {
                continue;
            }
            let ours = w.cases.remove(0);
            let mut cases = vec![forced_case("endian_wire", sets[0], ours.run)];
            for (&isa, mut other) in sets[1..].iter().zip(others) {
                cases.push(forced_case(isa.name(), isa, other.cases.remove(0).run));
            }
            cases.append(&mut w.cases);
            w.cases = cases;
            eprint!(
                "  [{:>5.1} s] {} ...",
                started.elapsed().as_secs_f64(),
                w.name
            );
            let _ = std::io::stderr().flush();
            let m = measure(w, plan);
            eprintln!(" {}", fmt_time(m.ours()));
            rows.push(m);
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
    println!(
        "# endian_wire perf report, every instruction set\n\n{}\n{}\n## Every sample set\n\n{}",
        header(&setting, plan, quick)
            .replacen("perf_report", "perf_report -- --all-isas", 1)
            .replacen("--all-isas -- --quick", "--all-isas --quick", 1),
        table(&sets, &sections),
        detail_table(&sections)
    );
}

/// One row per workload: each set's time with memcpy's time ÷ it in parentheses (1.00x: as
/// fast as a copy), then the peers' times.
fn table(sets: &[Isa], sections: &[(&str, Vec<Measured>)]) -> String {
    let peers: Vec<&str> = IMPLS[1..]
        .iter()
        .copied()
        .filter(|imp| {
            sections
                .iter()
                .flat_map(|(_, rows)| rows)
                .any(|m| m.stats.iter().any(|s| s.imp == *imp))
        })
        .collect();
    let names: Vec<&str> = sets.iter().map(|i| i.name()).collect();
    let mut t = format!(
        "Each set's time, and in parentheses memcpy's time ÷ that set's (1.00x: as fast as a \
         copy); `{}` is the default dispatch. Inputs up to 64 B run inline on the compile-time \
         target's vectors whatever the set. The last column is the fastest peer's time (not \
         memcpy) ÷ the slowest vector set's (all but `portable`): from 1.00x up, each of them \
         is ahead of every peer.\n\n\
         | workload | {} | {} | fastest peer ÷ slowest vector set |\n|---|{}\n",
        names[0],
        names.join(" | "),
        peers.join(" | "),
        "---:|".repeat(names.len() + peers.len() + 1)
    );
    for (title, rows) in sections {
        t += &format!(
            "| **{title}** |{}\n",
            " |".repeat(names.len() + peers.len() + 1)
        );
        for m in rows {
            let time = |imp: &str| m.stats.iter().find(|s| s.imp == imp).map(|s| s.median);
            let copy = time("memcpy");
            let mut cells = Vec::new();
            for (i, name) in names.iter().enumerate() {
                let imp = if i == 0 { "endian_wire" } else { name };
                cells.push(match (time(imp), copy) {
                    (Some(ns), Some(c)) => format!("{} ({})", fmt_time(ns), fmt_ratio(c, ns)),
                    (Some(ns), None) => fmt_time(ns),
                    (None, _) => "–".into(),
                });
            }
            for imp in &peers {
                cells.push(time(imp).map_or_else(|| "–".into(), fmt_time));
            }
            let slowest = names
                .iter()
                .enumerate()
                .filter(|&(_, &name)| name != "portable")
                .filter_map(|(i, name)| time(if i == 0 { "endian_wire" } else { name }))
                .fold(0.0, f64::max);
            let fastest_peer = peers
                .iter()
                .filter(|&&imp| imp != "memcpy")
                .filter_map(|imp| time(imp))
                .fold(f64::INFINITY, f64::min);
            cells.push(if fastest_peer.is_finite() && slowest > 0.0 {
                fmt_ratio(fastest_peer, slowest)
            } else {
                "–".into()
            });
            t += &format!("| {} | {} |\n", m.name, cells.join(" | "));
        }
    }
    t
}
