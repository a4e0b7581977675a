//! Choosing the instruction set of the bulk kernels for a measurement: the criterion benches
//! read `ENDIAN_WIRE_ISA` (`ENDIAN_WIRE_ISA=ssse3 cargo bench --bench peers`), perf_report
//! takes `--isa ssse3`. Either forces the set for the whole process ([`Isa::force`]), so every
//! row that goes through the kernels (bulk, structs, framing) runs on it, and refuses a set
//! this CPU or build cannot run. Criterion's saved results do not record the set: compare two
//! with `--save-baseline NAME` / `--baseline NAME`.

#![allow(dead_code)] // Each includer uses part of it.

use endian_wire::bulk::Isa;

/// The environment variable the criterion benches read.
pub const ENV: &str = "ENDIAN_WIRE_ISA";

/// Every name [`Isa::from_name`] accepts, for messages.
pub fn names() -> String {
    Isa::ALL.map(Isa::name).join("|")
}

/// Forces the set called `name`, or exits with status 2 and a message saying why not; `who`
/// starts the message.
pub fn force_or_exit(who: &str, name: &str) -> Isa {
    let Some(isa) = Isa::from_name(name) else {
        eprintln!(
            "{who}: unknown instruction set `{name}` (one of {})",
            names()
        );
        std::process::exit(2);
    };
    if let Err(e) = isa.force() {
        eprintln!("{who}: {e}");
        std::process::exit(2);
    }
    isa
}

/// Forces the set `ENDIAN_WIRE_ISA` names, if it is set (the first call only).
pub fn force_from_env() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if let Some(name) = std::env::var_os(ENV) {
            let isa = force_or_exit(ENV, &name.to_string_lossy());
            eprintln!(
                "{ENV}: bulk kernels forced to `{}` (best here: `{}`)",
                isa.name(),
                Isa::best().name()
            );
        }
    });
}
