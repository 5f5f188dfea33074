//! The evaluation graph of an annotated game, as plain SVG text: White's score after each move
//! (clamped to ±3 men), the zero line, and the mistakes marked.

use super::MoveNote;
use std::fmt::Write as _;

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 260.0;
const MARGIN: f64 = 30.0;
/// Scores beyond this many hundredths are drawn at the edge.
const CLAMP: f64 = 300.0;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The SVG page of one game.
pub fn graph<M>(title: &str, notes: &[MoveNote<M>]) -> String {
    let plies = notes.len().max(1) as f64;
    let x = |i: usize| MARGIN + (WIDTH - 2.0 * MARGIN) * (i as f64 + 1.0) / plies;
    let y = |score: i32| {
        let s = f64::from(score).clamp(-CLAMP, CLAMP);
        HEIGHT / 2.0 - (HEIGHT / 2.0 - MARGIN) * s / CLAMP
    };
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(svg, "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"white\"/>");
    let _ = writeln!(svg, "<text x=\"{MARGIN}\" y=\"18\">{}</text>", escape(title));
    let mid = HEIGHT / 2.0;
    let _ = writeln!(
        svg,
        "<line x1=\"{MARGIN}\" y1=\"{mid}\" x2=\"{}\" y2=\"{mid}\" stroke=\"#888\"/>",
        WIDTH - MARGIN
    );
    for (label, value) in [("+3", 300), ("-3", -300)] {
        let _ = writeln!(svg, "<text x=\"2\" y=\"{:.1}\">{label}</text>", y(value) + 4.0);
    }
    let points: Vec<String> = notes
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{:.1},{:.1}", x(i), y(n.white_score)))
        .collect();
    let _ = writeln!(
        svg,
        "<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" points=\"{}\"/>",
        points.join(" ")
    );
    for (i, note) in notes.iter().enumerate().filter(|(_, n)| n.mark.starts_with('?')) {
        let colour = if note.mark == "??" { "#d00" } else { "#e90" };
        let _ = writeln!(
            svg,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\" fill=\"{colour}\"><title>ply {} {}</title></circle>",
            x(i),
            y(note.white_score),
            i + 1,
            note.mark
        );
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_has_a_point_per_move_and_marks_the_mistakes() {
        let note = |white_score, mark| MoveNote::<()> { white_score, loss: 0, mark, better: None };
        let page = graph("A <B>", &[note(10, ""), note(-500, "??"), note(40, "?")]);
        assert!(page.starts_with("<svg") && page.trim_end().ends_with("</svg>"));
        assert!(page.contains("A &lt;B&gt;"));
        let points = page.split("points=\"").nth(1).unwrap().split('"').next().unwrap();
        assert_eq!(points.split(' ').count(), 3);
        assert_eq!(page.matches("<circle").count(), 2);
    }
}
