//! The generators' source of values: deterministic, so a generated document or message is
//! the same on every host and in every run.

/// A deterministic pseudo-random stream (SplitMix64).
pub struct Rng(u64);

impl Rng {
    /// The stream that starts from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next value.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A value in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// A float in `[lo, hi)`.
    pub fn float(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * (hi - lo)
    }

    /// An integer whose size spreads over the varint widths: mostly small, some up to `max`.
    pub fn spread(&mut self, max: u64) -> u64 {
        let bits = self.below(u64::from(64 - max.leading_zeros()) + 1);
        let v = if bits == 0 {
            0
        } else {
            self.next_u64() >> (64 - bits)
        };
        v.min(max)
    }

    /// `len` characters from `alphabet`.
    pub fn text(&mut self, alphabet: &[u8], len: usize) -> String {
        (0..len)
            .map(|_| alphabet[self.below(alphabet.len() as u64) as usize] as char)
            .collect()
    }

    /// A word of `min..=max` letters and underscores.
    pub fn word(&mut self, min: usize, max: usize) -> String {
        let len = min + self.below((max - min + 1) as u64) as usize;
        self.text(b"abcdefghijklmnopqrstuvwxyz_", len)
    }
}
