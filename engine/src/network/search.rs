//! The network as the search uses it: the first layer in 16-bit integers, its accumulators kept
//! up to date move by move.

use super::{Accumulator, Activation, Network, SearchAccumulator, HIDDEN, QUANTUM};

/// How far an accumulator of the search may reach, in the network's units: 16 bits of
/// [`QUANTUM`]ths ([`Network::column_reach`] must stay below it).
pub const ACCUMULATOR_REACH: f32 = i16::MAX as f32 / QUANTUM as f32;

/// A network as the search uses it: the first layer in integers ([`QUANTUM`] to 1), so that its
/// accumulators are kept up to date move by move exactly; the output layer in `f32`.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchNetwork {
    first: Vec<SearchAccumulator>,
    bias: SearchAccumulator,
    own: Accumulator,
    other: Accumulator,
    out_bias: f32,
    activation: Activation,
}

impl SearchNetwork {
    /// `network` with its first layer rounded to [`QUANTUM`]ths; `Err` when an accumulator
    /// could leave 16 bits (the bias and the [`MAX_INPUTS_PRESENT`](super::MAX_INPUTS_PRESENT) largest rows of a column,
    /// with [`MAX_INPUTS_PRESENT`](super::MAX_INPUTS_PRESENT) more for the pieces a move takes away and adds).
    pub fn new(network: &Network) -> Result<SearchNetwork, String> {
        for j in 0..HIDDEN {
            if network.column_reach(j) >= ACCUMULATOR_REACH {
                return Err(format!(
                    "network weights too large for the search's 16-bit accumulators (column {j})"
                ));
            }
        }
        let quantize = |row: &Accumulator| -> SearchAccumulator {
            std::array::from_fn(|j| (row[j] * f32::from(QUANTUM)).round() as i16)
        };
        Ok(SearchNetwork {
            first: network.first.iter().map(quantize).collect(),
            bias: quantize(&network.bias),
            own: network.own,
            other: network.other,
            out_bias: network.out_bias,
            activation: network.activation,
        })
    }

    /// The accumulators of a position with no inputs: the bias in both views.
    #[inline(always)]
    pub fn empty(&self) -> [SearchAccumulator; 2] {
        [self.bias; 2]
    }

    /// Adds the first layer's row of `input` to `acc`.
    #[inline(always)]
    pub fn add(&self, acc: &mut SearchAccumulator, input: usize) {
        let row = &self.first[input];
        for j in 0..HIDDEN {
            acc[j] += row[j];
        }
    }

    /// Takes the first layer's row of `input` from `acc`.
    #[inline(always)]
    pub fn remove(&self, acc: &mut SearchAccumulator, input: usize) {
        let row = &self.first[input];
        for j in 0..HIDDEN {
            acc[j] -= row[j];
        }
    }

    /// Adds the first layer's row of `input` to `acc` when it `came`, else takes it away (a
    /// move's changed inputs).
    #[inline(always)]
    pub fn change(&self, acc: &mut SearchAccumulator, input: usize, came: bool) {
        if came {
            self.add(acc, input);
        } else {
            self.remove(acc, input);
        }
    }

    /// The output in men for the side to move, whose view's accumulator is `mine`.
    #[inline]
    pub fn output(&self, mine: &SearchAccumulator, theirs: &SearchAccumulator) -> f32 {
        let unit = 1.0 / f32::from(QUANTUM);
        match self.activation {
            Activation::Clipped => self.out_bias + unit * self.lanes(mine, theirs, |a| a),
            Activation::Squared => {
                self.out_bias + unit * unit * self.lanes(mine, theirs, |a| a * a)
            }
        }
    }

    /// `own . f(mine) + other . f(theirs)` over the accumulators clipped to [0, QUANTUM], in
    /// eight lanes summed apart, then together: a fixed order the compiler can vectorise.
    #[inline(always)]
    fn lanes(
        &self,
        mine: &SearchAccumulator,
        theirs: &SearchAccumulator,
        f: impl Fn(f32) -> f32,
    ) -> f32 {
        let mut sum = [0.0f32; 8];
        for chunk in 0..HIDDEN / 8 {
            for (k, lane) in sum.iter_mut().enumerate() {
                let j = 8 * chunk + k;
                let a = f(f32::from(mine[j].clamp(0, QUANTUM)));
                let b = f(f32::from(theirs[j].clamp(0, QUANTUM)));
                *lane += self.own[j] * a + self.other[j] * b;
            }
        }
        sum.iter().sum::<f32>()
    }
}
