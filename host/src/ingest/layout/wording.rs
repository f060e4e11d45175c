//! How layout decisions and messages count things (`3 rows`) and quote a cell (`"Total"`:
//! quoted, one line, cut short).

/// Cell text quoted in decisions and messages is cut to this many characters.
const QUOTED_CAP: usize = 64;

pub(crate) fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Cell text for a decision or a message: quoted, one line, cut to [`QUOTED_CAP`] characters.
pub(crate) fn clip(text: &str) -> String {
    let one_line: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    format!("\"{}\"", querycell_contract::text::clip(&one_line, QUOTED_CAP))
}
