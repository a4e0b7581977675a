#[path = "../benches/messages.rs"]
mod messages;
use endian_wire::frame::{self, Config};
use std::hint::black_box;
#[inline(never)]
pub fn enc(t: &messages::le::Trade, c: Config) -> Vec<u8> {
    frame::encode_to_vec(t, c).unwrap()
}
fn main() {
    let tr = messages::le::trade(3);
    let c = black_box(Config::legacy());
    for _ in 0..3 {
        let t = std::time::Instant::now();
        for _ in 0..10_000_000 {
            black_box(enc(black_box(&tr), c));
        }
        println!("ours {:?}", t.elapsed() / 10_000_000);
        let t = std::time::Instant::now();
        for _ in 0..10_000_000 {
            black_box(
                wincode::config::serialize(
                    black_box(&tr),
                    wincode::config::Configuration::default(),
                )
                .unwrap(),
            );
        }
        println!("wc {:?}", t.elapsed() / 10_000_000);
    }
}
