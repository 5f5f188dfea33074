//! A small neural network added to a game's learned evaluation ([`crate::learned`]): what the
//! linear sum of features cannot hold (how the pieces of the whole board go together) learned as
//! a correction on top of it.
//!
//! # The model
//!
//! The game lists a position's inputs for each side's view ([`crate::learned::Features::network_inputs`]:
//! for International draughts own men, own kings, enemy men and enemy kings on each of the 50
//! squares, the board turned half a circle for Black). Each view has an accumulator of
//! [`HIDDEN`] values: the first layer's bias plus the first layer's row of every input present
//! (one matrix for both views). The output, in men for the side to move, is
//! `bias + own . f(side to move's accumulator) + other . f(the other's)`, where the activation
//! f ([`Activation`]) is the clipped rectifier `crelu(x) = min(max(x, 0), 1)` or its square;
//! the evaluation adds a hundred times it to the linear sum.
//! A position and its colour-mirrored twin get the same output for the side to move: the
//! correction keeps the evaluation's symmetry.
//!
//! # In the weights file
//!
//! A network follows the linear weights in a version-2 weights file ([`crate::learned`]): `u32`
//! inputs, `u32` hidden ([`HIDDEN`], with [`SQUARED_FLAG`] set when the activation is
//! squared), then as little-endian `f32` the first layer (inputs rows of hidden values), its
//! bias, `own`, `other` and the output bias. Arithmetic is `f32` summed in a
//! fixed order, so an evaluation is the same on every run.

/// Values in each view's accumulator. 64 since 2026-11-30: trained the same way on the same
/// positions, it measured +24 Elo at equal time against the network of 32 that was built in, for
/// 2.5 % of the nodes a second (docs/learning.md, "The hidden layer's width").
pub const HIDDEN: usize = 64;

/// One view's accumulator.
pub type Accumulator = [f32; HIDDEN];

/// One view's accumulator in the search: 16-bit integers, [`QUANTUM`] to 1, so that updating it
/// move by move gives exactly what summing it from scratch gives (and half the bytes to copy
/// along the search path of 32-bit ones).
pub type SearchAccumulator = [i16; HIDDEN];

/// Units of a [`SearchAccumulator`] per 1.0 of the first layer.
pub const QUANTUM: i16 = 512;

/// Pieces on the board at most (International draughts' 40): a network whose accumulators could
/// leave 16 bits with this many inputs present in a view is refused.
pub const MAX_INPUTS_PRESENT: usize = 40;

/// Set in the hidden word of a network's block when its activation is [`Activation::Squared`]
/// (a block without it, as every file before the flag, is [`Activation::Clipped`]).
pub const SQUARED_FLAG: u32 = 1 << 16;

/// How a hidden value becomes an input of the output layer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Activation {
    /// `crelu(x)`: the clipped rectifier.
    #[default]
    Clipped,
    /// `crelu(x)^2`: the clipped rectifier squared, which is curved inside (0, 1), so that the
    /// output layer sees products of the first layer's sums.
    Squared,
}

impl Activation {
    /// The activation of `x`.
    #[inline(always)]
    pub fn apply(self, x: f32) -> f32 {
        let c = crelu(x);
        match self {
            Activation::Clipped => c,
            Activation::Squared => c * c,
        }
    }

    /// Its derivative at `x` (zero outside (0, 1), where the clipping holds it).
    #[inline(always)]
    pub fn slope(self, x: f32) -> f32 {
        if !(x > 0.0 && x < 1.0) {
            return 0.0;
        }
        match self {
            Activation::Clipped => 1.0,
            Activation::Squared => 2.0 * x,
        }
    }

    /// The name `dama tune --network-activation` takes.
    pub fn name(self) -> &'static str {
        match self {
            Activation::Clipped => "clipped",
            Activation::Squared => "squared",
        }
    }
}

/// A network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The first layer: one row per input.
    pub first: Vec<Accumulator>,
    /// The first layer's bias.
    pub bias: Accumulator,
    /// Output weights of the side to move's view.
    pub own: Accumulator,
    /// Output weights of the other side's view.
    pub other: Accumulator,
    /// The output's bias, in men.
    pub out_bias: f32,
    /// The activation of the hidden values.
    pub activation: Activation,
}

/// The clipped rectifier.
#[inline(always)]
pub fn crelu(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

impl Network {
    /// A network of `inputs` inputs whose output is zero (the output weights zero), its first
    /// layer drawn from `seed` in +/- `spread`, so that training can start from it.
    pub fn seeded(inputs: usize, seed: u64, spread: f32) -> Network {
        // SplitMix64: a fixed sequence for a seed, with no dependency on a random crate.
        let mut state = seed;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            ((z >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        };
        let first = (0..inputs).map(|_| std::array::from_fn(|_| spread * next())).collect();
        Network {
            first,
            bias: [0.5; HIDDEN],
            own: [0.0; HIDDEN],
            other: [0.0; HIDDEN],
            out_bias: 0.0,
            activation: Activation::Clipped,
        }
    }

    /// [`Network::seeded`] with the activation `activation`.
    pub fn seeded_with(inputs: usize, seed: u64, spread: f32, activation: Activation) -> Network {
        Network { activation, ..Network::seeded(inputs, seed, spread) }
    }

    /// A network of `inputs` inputs with every weight zero (a gradient's shape).
    pub fn zeros(inputs: usize) -> Network {
        Network {
            first: vec![[0.0; HIDDEN]; inputs],
            bias: [0.0; HIDDEN],
            own: [0.0; HIDDEN],
            other: [0.0; HIDDEN],
            out_bias: 0.0,
            activation: Activation::Clipped,
        }
    }

    /// Every weight, in the file's order.
    pub fn params(&self) -> impl Iterator<Item = &f32> {
        let rows = self.first.iter().chain([&self.bias, &self.own, &self.other]);
        rows.flatten().chain(std::iter::once(&self.out_bias))
    }

    /// The farthest accumulator `j` can reach: its bias and the [`MAX_INPUTS_PRESENT`] largest
    /// rows of its column, with [`MAX_INPUTS_PRESENT`] more for the pieces a move takes away
    /// and adds (in absolute value). [`SearchNetwork::new`] refuses a network where it reaches
    /// [`ACCUMULATOR_REACH`]; the trainer keeps it below.
    pub fn column_reach(&self, j: usize) -> f32 {
        let mut column: Vec<f32> = self.first.iter().map(|row| row[j].abs()).collect();
        column.sort_by(|a, b| b.total_cmp(a));
        self.bias[j].abs() + column.iter().take(2 * MAX_INPUTS_PRESENT).sum::<f32>()
    }

    /// Scales column `j` of the first layer and its bias down where needed so that
    /// [`Network::column_reach`] stays within `share` of [`ACCUMULATOR_REACH`].
    pub fn keep_column_within(&mut self, j: usize, share: f32) {
        let bound = share * ACCUMULATOR_REACH;
        // The whole column's sum bounds its reach from above: within the bound, no sorting.
        let whole = self.bias[j].abs() + self.first.iter().map(|row| row[j].abs()).sum::<f32>();
        if whole <= bound {
            return;
        }
        let reach = self.column_reach(j);
        if reach > bound {
            let factor = bound / reach;
            self.bias[j] *= factor;
            for row in &mut self.first {
                row[j] *= factor;
            }
        }
    }

    /// Every weight, in the file's order, to change.
    pub fn params_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        let rows = self.first.iter_mut().chain([&mut self.bias, &mut self.own, &mut self.other]);
        rows.flatten().chain(std::iter::once(&mut self.out_bias))
    }

    /// Inputs of the network.
    pub fn inputs(&self) -> usize {
        self.first.len()
    }

    /// Adds the first layer's row of `input` to an accumulator (which starts as [`Network::bias`]).
    #[inline(always)]
    pub fn add(&self, acc: &mut Accumulator, input: usize) {
        let row = &self.first[input];
        for j in 0..HIDDEN {
            acc[j] += row[j];
        }
    }

    /// The output in men for the side to move, whose view's accumulator is `mine`.
    #[inline]
    pub fn output(&self, mine: &Accumulator, theirs: &Accumulator) -> f32 {
        let f = |x: f32| self.activation.apply(x);
        let mut sum = [0.0f32; 8];
        for j in 0..HIDDEN {
            sum[j % 8] += self.own[j] * f(mine[j]) + self.other[j] * f(theirs[j]);
        }
        self.out_bias + sum.iter().sum::<f32>()
    }

    /// Bytes of the network's block in a weights file.
    pub fn block_bytes(inputs: usize) -> usize {
        8 + 4 * (inputs * HIDDEN + 3 * HIDDEN + 1)
    }

    /// The network's block of a weights file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(Network::block_bytes(self.inputs()));
        bytes.extend_from_slice(&(self.inputs() as u32).to_le_bytes());
        let flag = if self.activation == Activation::Squared { SQUARED_FLAG } else { 0 };
        bytes.extend_from_slice(&(HIDDEN as u32 | flag).to_le_bytes());
        for value in self.params() {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes
    }

    /// `Err` naming both shapes when a block's header (its first 8 bytes: inputs, then hidden)
    /// is not this build's shape for `inputs` inputs; `Ok` when it is or when the block is too
    /// short to say.
    pub fn check_shape(bytes: &[u8], inputs: usize) -> Result<(), String> {
        let Some(header) = bytes.get(..8) else { return Ok(()) };
        let word = |at: usize| u32::from_le_bytes(header[at..at + 4].try_into().expect("4 bytes"));
        let width = word(4) & !SQUARED_FLAG;
        if word(0) as usize != inputs || width as usize != HIDDEN {
            return Err(format!(
                "network {width} wide over {} inputs, this build's networks are {HIDDEN} wide \
                 over {inputs} (written by another build)",
                word(0)
            ));
        }
        Ok(())
    }

    /// The activation a block's header names (its hidden word's [`SQUARED_FLAG`]).
    fn activation_of(bytes: &[u8]) -> Activation {
        match bytes.get(4..8) {
            Some(word)
                if u32::from_le_bytes(word.try_into().expect("4 bytes")) & SQUARED_FLAG != 0 =>
            {
                Activation::Squared
            }
            _ => Activation::Clipped,
        }
    }

    /// Reads a network's block of `inputs` inputs; `Err` names what is wrong.
    pub fn from_bytes(bytes: &[u8], inputs: usize) -> Result<Network, String> {
        Network::check_shape(bytes, inputs)?;
        if bytes.len() != Network::block_bytes(inputs) {
            return Err(format!(
                "network block has {} bytes, expected {}",
                bytes.len(),
                Network::block_bytes(inputs)
            ));
        }
        let mut values =
            bytes[8..].chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")));
        let mut row = || -> Accumulator { std::array::from_fn(|_| values.next().expect("sized")) };
        let first = (0..inputs).map(|_| row()).collect();
        let (bias, own, other) = (row(), row(), row());
        let out_bias = values.next().expect("sized");
        let activation = Network::activation_of(bytes);
        let network = Network { first, bias, own, other, out_bias, activation };
        if !network.params().all(|v| v.is_finite() && v.abs() < 1e6) {
            return Err("network weights out of range (not finite or beyond 1e6)".to_string());
        }
        Ok(network)
    }
}

mod search;
pub use search::{SearchNetwork, ACCUMULATOR_REACH};

#[cfg(test)]
mod tests;
