#!/usr/bin/env python3
"""Writes a crate of 150 derived message structs, for measuring what the derive costs to
compile: `gen.py OUT_DIR ENDIAN_WIRE_PATH [--use]`. With `--use`, every message is also
framed and read back under a `Config` chosen at run time (what a program does; this is where
generic code is instantiated)."""
import os, sys

out, ew, use = sys.argv[1], os.path.abspath(sys.argv[2]), "--use" in sys.argv
KINDS = ["u8", "u16", "u32", "u64", "i32", "i64", "f32", "f64", "bool",
         "Option<u16>", "Vec<u8>", "String", "[u8; 32]", "(u16, i8)", "Vec<u32>"]
os.makedirs(os.path.join(out, "src"), exist_ok=True)
with open(os.path.join(out, "Cargo.toml"), "w") as f:
    f.write(f"""[package]
name = "ct150"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
endian_wire = {{ path = "{ew}" }}

[workspace]
""")
lines = ["use endian_wire::Endianize;", "use endian_wire::frame::{self, Config};", ""]
for i in range(150):
    lines.append("#[derive(Debug, Clone, PartialEq, Default, Endianize)]")
    lines.append("#[endian(le)]")
    lines.append(f"pub struct Message{i} {{")
    n = 4 + i % 9
    for j in range(n):
        ty = KINDS[(i * 7 + j * 3) % len(KINDS)]
        lines.append(f"    pub field{j}: {ty},")
    if i > 0 and i % 5 == 0:
        lines.append(f"    pub inner: Vec<Message{i - 1}>,")
    lines.append("}")
    lines.append("")
if use:
    # One function per message, as a program has one handler per message kind.
    for i in range(150):
        lines.append(f"pub fn round_trip_{i}(value: &Message{i}, config: Config) -> Message{i} {{")
        lines.append("    let bytes = frame::encode_to_vec(value, config).unwrap();")
        lines.append("    frame::decode_from_slice(&bytes, config).unwrap().0")
        lines.append("}")
with open(os.path.join(out, "src", "lib.rs"), "w") as f:
    f.write("\n".join(lines) + "\n")
