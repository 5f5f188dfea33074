//! The pattern windows of the learned evaluations ([`crate::learned`]), for any board whose dark
//! squares come `row_len` to a row (4 on the 8x8 board, 5 on the 10x10 one). A window is a block of
//! four rows and two neighbouring squares of each (the 8 dark squares of a 4 x 4 block of the
//! board); its index reads them as base-3 digits (empty 0, own man 1, enemy man 2), two per row,
//! top row first, the first square the lowest digit. Bands of windows start every second row and
//! every square of a row but the last starts one, so windows overlap.
//!
//! A game reads its windows from scratch with [`window_indexes`] and keeps them up to date move
//! by move with [`update_windows`] over a table of what each man adds ([`man_deltas`]).

/// The base-3 value of each set of up to 5 squares of a row: bit i contributes 3^i.
const TERNARY: [u8; 32] = {
    let mut table = [0u8; 32];
    let mut bits = 0;
    while bits < 32 {
        let (mut value, mut power, mut i) = (0u8, 1u8, 0);
        while i < 5 {
            if bits & (1 << i) != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};

/// For a row's base-3 value (0..243) and a window column c (0..4), the base-3 value of the row's
/// squares c and c + 1 (0..9).
const ROW_DIGITS: [[u8; 243]; 4] = {
    let mut table = [[0u8; 243]; 4];
    let mut c = 0;
    while c < 4 {
        let mut value = 0;
        while value < 243 {
            let mut shifted = value;
            let mut i = 0;
            while i < c {
                shifted /= 3;
                i += 1;
            }
            table[c][value] = (shifted % 9) as u8;
            value += 1;
        }
        c += 1;
    }
    table
};

/// The index of every window of one view of a board of `ROWS` rows of `row_len` squares (`men`
/// and `enemy_men`: bit `row_len * row + i` for square i of a row), `WINDOWS` windows in bands of
/// `row_len - 1`, window w in band `w / (row_len - 1)` (rows `2 band` to `2 band + 3`) at square
/// `w % (row_len - 1)` of each row.
#[inline(always)]
pub fn window_indexes<const ROWS: usize, const WINDOWS: usize>(
    men: u64,
    enemy_men: u64,
    row_len: usize,
) -> [u16; WINDOWS] {
    let (per_band, row_mask) = (row_len - 1, (1u64 << row_len) - 1);
    // Each row's base-3 value, then its two squares under each window column.
    let mut digits = [[0u16; ROWS]; 4];
    for row in 0..ROWS {
        let shift = row_len * row;
        let value = TERNARY[(men >> shift & row_mask) as usize] as usize
            + 2 * TERNARY[(enemy_men >> shift & row_mask) as usize] as usize;
        for (column, d) in digits.iter_mut().enumerate().take(per_band) {
            d[row] = ROW_DIGITS[column][value] as u16;
        }
    }
    let mut indexes = [0u16; WINDOWS];
    for (window, index) in indexes.iter_mut().enumerate() {
        let (row, d) = (2 * (window / per_band), &digits[window % per_band]);
        *index = d[row] + 9 * d[row + 1] + 81 * d[row + 2] + 729 * d[row + 3];
    }
    indexes
}

/// The weight 3^i of square index `s` in window `window` (i its place among the window's 8
/// squares), or `None` when the window does not cover it.
const fn window_power(window: usize, s: usize, row_len: usize) -> Option<u16> {
    let per_band = row_len - 1;
    let (top, column) = (2 * (window / per_band), window % per_band);
    let (row, place) = (s / row_len, s % row_len);
    if row < top || row >= top + 4 || place < column || place > column + 1 {
        return None;
    }
    let mut power = 1u16;
    let mut i = 0;
    while i < 2 * (row - top) + place - column {
        power *= 3;
        i += 1;
    }
    Some(power)
}

/// What a man adds to the pattern indexes of both views (`LANES` = twice the windows: White's
/// view's, then Black's), for a White (0) or Black (1) man on each board bit: 1 in the base-3
/// digit of its square in its own side's view, 2 in the other side's view (the board turned, square
/// index s becoming `squares - 1 - s`). `bit_of_square` gives each square index's bit.
pub const fn man_deltas<const LANES: usize>(
    squares: usize,
    row_len: usize,
    bit_of_square: &[u8],
) -> [[[u16; LANES]; 64]; 2] {
    let windows = LANES / 2;
    let mut table = [[[0u16; LANES]; 64]; 2];
    let mut s = 0;
    while s < squares {
        let bit = bit_of_square[s] as usize;
        let mut window = 0;
        while window < windows {
            if let Some(power) = window_power(window, s, row_len) {
                table[0][bit][window] = power;
                table[1][bit][window] = 2 * power;
            }
            if let Some(power) = window_power(window, squares - 1 - s, row_len) {
                table[0][bit][windows + window] = 2 * power;
                table[1][bit][windows + window] = power;
            }
            window += 1;
        }
        s += 1;
    }
    table
}

/// The pattern indexes after a move, from those before it: `men_before` and `men_after` are
/// White's and Black's men (in the bits of `deltas`) before and after the move, so only the
/// squares whose men changed (the mover's start and end, the men it took) are read. Wrapping
/// arithmetic: every index is back in range once all changes are applied.
#[inline(always)]
pub fn update_windows<const LANES: usize>(
    windows: &[u16; LANES],
    deltas: &[[[u16; LANES]; 64]; 2],
    men_before: [u64; 2],
    men_after: [u64; 2],
) -> [u16; LANES] {
    let mut windows = *windows;
    for side in 0..2 {
        let (was, is) = (men_before[side], men_after[side]);
        let mut gone = was & !is;
        while gone != 0 {
            let delta = &deltas[side][gone.trailing_zeros() as usize];
            gone &= gone - 1;
            for (w, d) in windows.iter_mut().zip(delta) {
                *w = w.wrapping_sub(*d);
            }
        }
        let mut came = is & !was;
        while came != 0 {
            let delta = &deltas[side][came.trailing_zeros() as usize];
            came &= came - 1;
            for (w, d) in windows.iter_mut().zip(delta) {
                *w = w.wrapping_add(*d);
            }
        }
    }
    windows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window's index read square by square: the definition [`window_indexes`] computes.
    fn slow_index(men: u64, enemy_men: u64, window: usize, row_len: usize) -> usize {
        let per_band = row_len - 1;
        let (row, column) = (2 * (window / per_band), window % per_band);
        let (mut index, mut power) = (0, 1);
        for i in 0..4 {
            for j in 0..2 {
                let square = row_len * (row + i) + column + j;
                index += power * ((men >> square & 1) + 2 * (enemy_men >> square & 1)) as usize;
                power *= 3;
            }
        }
        index
    }

    fn random_sets(seed: &mut u64, squares: usize) -> (u64, u64) {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed & ((1u64 << squares) - 1)
        };
        let (a, b) = (next(), next());
        (a & !b, b & !a)
    }

    #[test]
    fn window_indexes_read_each_square_of_the_window() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            let (men, enemy) = random_sets(&mut seed, 32);
            let fast = window_indexes::<8, 9>(men, enemy, 4);
            for (window, &index) in fast.iter().enumerate() {
                assert_eq!(index as usize, slow_index(men, enemy, window, 4), "8x8 {window}");
            }
            let (men, enemy) = random_sets(&mut seed, 50);
            let fast = window_indexes::<10, 16>(men, enemy, 5);
            for (window, &index) in fast.iter().enumerate() {
                assert_eq!(index as usize, slow_index(men, enemy, window, 5), "10x10 {window}");
            }
        }
        let all = window_indexes::<8, 9>(u64::MAX >> 32, 0, 4);
        assert!(all.iter().all(|&i| i == 3280), "every square own: 3^8 - 1 halved");
        assert!(window_indexes::<10, 16>(0, (1 << 50) - 1, 5).iter().all(|&i| i == 6560));
    }

    #[test]
    fn a_man_adds_its_digit_in_both_views() {
        // The 8x8 board with plain bits: a White man on square index 0 (row 0, first square) is
        // digit 0 of window 0 in White's view, and square 31 of Black's view: the last digit
        // (3^7) of Black's window 8, counted 2 as an enemy man.
        let plain: [u8; 32] = std::array::from_fn(|s| s as u8);
        let deltas = man_deltas::<18>(32, 4, &plain);
        let white = deltas[0][0];
        assert_eq!(white[0], 1);
        assert_eq!(white[9 + 8], 2 * 3u16.pow(7));
        assert_eq!(white.iter().filter(|&&d| d != 0).count(), 2);
        // Updating from an empty board gives the indexes read from scratch.
        let mut seed = 77u64;
        for _ in 0..1000 {
            let (white, black) = random_sets(&mut seed, 32);
            let updated = update_windows(&[0; 18], &deltas, [0, 0], [white, black]);
            let turned = |m: u64| (m as u32).reverse_bits() as u64;
            let mut read = [0u16; 18];
            read[..9].copy_from_slice(&window_indexes::<8, 9>(white, black, 4));
            read[9..].copy_from_slice(&window_indexes::<8, 9>(turned(black), turned(white), 4));
            assert_eq!(updated, read);
        }
    }
}
