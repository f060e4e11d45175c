//! Text shapes: scalar functions a plain (ingest-side) database registers, each true exactly
//! where DuckDB's `regexp_full_match(v, pattern)` is for its [`TextShape::pattern`] (NULL
//! for NULL), matched by hand instead of by RE2.
//!
//! Deciding a column's type asks of every one of millions of texts whether it is a whole
//! number, a plain number, an ISO date or timestamp, and whether it starts or ends with a
//! space `trim` removes. RE2 took about 30 ns a text there (a third of profiling a column of
//! 3 M ids); these patterns are fixed runs of ASCII classes, or a text's two ends, which a
//! loop over the bytes matches in a few. The query side never registers them: a statement
//! cannot name them, and its database does not have them.

use std::ffi::CString;

use libduckdb_sys as ffi;

use super::{DuckResult, Failure};

/// One shape: the SQL function's name, the pattern it matches exactly (in DuckDB's
/// `regexp_full_match` syntax, the specification the tests hold the matcher to), and the
/// function's body.
struct TextShape {
    /// The function's name, as ingest's statements call it: `name(v)`.
    name: &'static str,
    /// What the function is equivalent to: `regexp_full_match(v, pattern)` (read by the
    /// tests, which hold the function to it).
    #[cfg_attr(not(test), allow(dead_code))]
    pattern: &'static str,
    callback: Callback,
}

/// Every shape, each registered under its name.
const TEXT_SHAPES: &[TextShape] = &[
    TextShape { name: "querycell_integer", pattern: "[+-]?[0-9]+", callback: call::<Integer> },
    TextShape { name: "querycell_plain_number", pattern: "[+-]?[0-9]+([.][0-9]+)?", callback: call::<PlainNumber> },
    TextShape { name: "querycell_iso_date", pattern: "[0-9]{4}-[0-9]{2}-[0-9]{2}", callback: call::<IsoDate> },
    TextShape {
        name: "querycell_iso_timestamp",
        pattern: "[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,6})?)?",
        callback: call::<IsoTimestamp>,
    },
    TextShape { name: "querycell_padded", pattern: PADDED_PATTERN, callback: call::<Padded> },
];

/// The characters DuckDB's `trim` removes: Unicode's space separators (Zs), as DuckDB
/// answers for every code point (`trims_exactly_what_duckdbs_trim_removes` asks it again).
pub(crate) const TRIMMED_BY_DUCKDB: [u32; 17] =
    [32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8239, 8287, 12288];

/// [`padded`]'s pattern: a first or last character of [`TRIMMED_BY_DUCKDB`] (`(?s)`: `.`
/// matches a line break too, so any text between the ends).
const PADDED_PATTERN: &str = concat!(
    "(?s)[\\x{20}\\x{a0}\\x{1680}\\x{2000}\\x{2001}\\x{2002}\\x{2003}\\x{2004}\\x{2005}\\x{2006}\\x{2007}\\x{2008}\\x{2009}\\x{200a}\\x{202f}\\x{205f}\\x{3000}].*",
    "|.*[\\x{20}\\x{a0}\\x{1680}\\x{2000}\\x{2001}\\x{2002}\\x{2003}\\x{2004}\\x{2005}\\x{2006}\\x{2007}\\x{2008}\\x{2009}\\x{200a}\\x{202f}\\x{205f}\\x{3000}]"
);

/// One or more ASCII digits, nothing else (RE2's `[0-9]` is ASCII only).
fn digits(text: &[u8]) -> bool {
    !text.is_empty() && text.iter().all(u8::is_ascii_digit)
}

/// `text` without one leading `+` or `-`.
fn unsigned(text: &[u8]) -> &[u8] {
    match text.split_first() {
        Some((b'+' | b'-', rest)) => rest,
        _ => text,
    }
}

/// `[+-]?[0-9]+`
pub(super) fn integer(text: &[u8]) -> bool {
    digits(unsigned(text))
}

/// `[+-]?[0-9]+([.][0-9]+)?`
pub(super) fn plain_number(text: &[u8]) -> bool {
    let text = unsigned(text);
    match text.iter().position(|&b| b == b'.') {
        None => digits(text),
        Some(dot) => digits(&text[..dot]) && digits(&text[dot + 1..]),
    }
}

/// `text` spelled as `template`, where `9` stands for any ASCII digit and every other byte
/// for itself.
fn spelled(text: &[u8], template: &[u8]) -> bool {
    text.len() == template.len()
        && text.iter().zip(template).all(|(&b, &t)| if t == b'9' { b.is_ascii_digit() } else { b == t })
}

/// `[0-9]{4}-[0-9]{2}-[0-9]{2}`
pub(super) fn iso_date(text: &[u8]) -> bool {
    spelled(text, b"9999-99-99")
}

/// `[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,6})?)?`
pub(super) fn iso_timestamp(text: &[u8]) -> bool {
    let (Some(date), Some(&separator), Some(time)) = (text.get(..10), text.get(10), text.get(11..)) else {
        return false;
    };
    if !iso_date(date) || !matches!(separator, b' ' | b'T') {
        return false;
    }
    let (Some(minutes), rest) = (time.get(..5), time.get(5..).unwrap_or_default()) else {
        return false;
    };
    if !spelled(minutes, b"99:99") {
        return false;
    }
    match (rest.get(..3), rest.get(3..).unwrap_or_default()) {
        _ if rest.is_empty() => true,
        (Some(seconds), fraction) if spelled(seconds, b":99") => match fraction.split_first() {
            None => true,
            Some((b'.', digits_after)) => (1..=6).contains(&digits_after.len()) && digits(digits_after),
            Some(_) => false,
        },
        _ => false,
    }
}

/// Starts or ends with a character `trim` removes ([`TRIMMED_BY_DUCKDB`]): exactly the
/// texts `trim` changes. Only the first and last characters are read, however long the text.
fn padded(text: &[u8]) -> bool {
    let (Some(&first), Some(&last)) = (text.first(), text.last()) else {
        return false;
    };
    // Most texts start and end with an ASCII character other than the space, the one ASCII
    // character `trim` removes: told apart by those two bytes.
    if first < 0x80 && last < 0x80 {
        return first == b' ' || last == b' ';
    }
    let first_length = match first {
        0..0x80 => 1,
        0x80..0xE0 => 2,
        0xE0..0xF0 => 3,
        _ => 4,
    };
    // A character's last byte is its first only in ASCII; other characters start at the
    // last byte that is no continuation byte (`10xxxxxx`), at most three back.
    let last_start = (text.len().saturating_sub(4)..text.len()).rev().find(|&i| text[i] & 0xC0 != 0x80).unwrap_or(0);
    let trimmed = |bytes: Option<&[u8]>| {
        let character = bytes.and_then(|b| std::str::from_utf8(b).ok()).and_then(|s| s.chars().next());
        character.is_some_and(|c| TRIMMED_BY_DUCKDB.contains(&u32::from(c)))
    };
    trimmed(text.get(..first_length)) || trimmed(text.get(last_start..))
}

/// A scalar function of one text as a type, so each function's callback is a function of
/// its own: its value's type as DuckDB stores it, and the value of a text; `None` fails
/// the statement (a shape always answers).
pub(super) trait Convert {
    type Value: Copy;
    fn convert(text: &[u8]) -> Option<Self::Value>;
}

/// One type per matcher function, each a [`Convert`] answering whether the text matches.
macro_rules! matchers {
    ($($shape:ident => $function:ident),* $(,)?) => {
        $(
            struct $shape;
            impl Convert for $shape {
                type Value = bool;
                fn convert(text: &[u8]) -> Option<bool> {
                    Some($function(text))
                }
            }
        )*
    };
}

matchers!(
    Integer => integer,
    PlainNumber => plain_number,
    IsoDate => iso_date,
    IsoTimestamp => iso_timestamp,
    Padded => padded,
);

/// Bytes of a string DuckDB keeps inside its `duckdb_string_t` (longer ones are pointed to).
const INLINED_LENGTH: u32 = 12;

/// What a failed conversion says (the checked load reads no more than that it failed).
const FAILED: &std::ffi::CStr = c"querycell: a value unlike the decided column's";

/// The scalar function's body: one value per row of the single VARCHAR column of `input`,
/// NULL where the text is NULL; the statement fails at the first text that does not
/// convert. Nothing here can panic, so nothing unwinds into DuckDB.
///
/// # Safety
/// DuckDB calls it with a live chunk of one flat VARCHAR vector (its C API flattens the
/// input first) and a result vector of `C::Value`'s type with room for the chunk's rows.
pub(super) unsafe extern "C" fn call<C: Convert>(
    info: ffi::duckdb_function_info,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) {
    // SAFETY: per this function's contract: the chunk and vectors are live for the call,
    // the input is flat VARCHAR with `rows` rows (read through `text_at`, whose contract is
    // the same), the output holds `rows` values of `C::Value`'s type and its validity mask
    // is written only through DuckDB's functions, after making it writable; `info` is the
    // call's own, and the error message is a static C string DuckDB copies.
    unsafe {
        let rows = ffi::duckdb_data_chunk_get_size(input);
        let texts = ffi::duckdb_data_chunk_get_vector(input, 0);
        let values = ffi::duckdb_vector_get_data(output).cast::<C::Value>();
        for row in 0..rows {
            let Some(text) = text_at(texts, row) else {
                ffi::duckdb_vector_ensure_validity_writable(output);
                ffi::duckdb_validity_set_row_invalid(ffi::duckdb_vector_get_validity(output), row);
                continue;
            };
            match C::convert(text) {
                Some(value) => *values.add(row as usize) = value,
                None => {
                    ffi::duckdb_scalar_function_set_error(info, FAILED.as_ptr());
                    return;
                }
            }
        }
    }
}

/// The bytes of row `row` of the flat VARCHAR vector `texts`; `None` where it is NULL.
///
/// # Safety
/// `texts` is a live flat VARCHAR vector of more than `row` rows, and the bytes are used
/// only while it lives.
pub(super) unsafe fn text_at<'a>(texts: ffi::duckdb_vector, row: u64) -> Option<&'a [u8]> {
    // SAFETY: per this function's contract: the vector holds a `duckdb_string_t` per row; a
    // string's bytes are inlined when short and otherwise behind its pointer, alive as long
    // as the vector; its validity mask, when present, has a 64-bit word per 64 rows (as the
    // C API documents), with a bit set where the row is valid.
    unsafe {
        let validity = ffi::duckdb_vector_get_validity(texts);
        if !validity.is_null() && *validity.add((row / 64) as usize) & (1 << (row % 64)) == 0 {
            return None;
        }
        let text = &*ffi::duckdb_vector_get_data(texts).cast::<ffi::duckdb_string_t>().add(row as usize);
        let length = text.value.inlined.length;
        let start = match length <= INLINED_LENGTH {
            true => text.value.inlined.inlined.as_ptr(),
            false => text.value.pointer.ptr.cast_const(),
        };
        Some(std::slice::from_raw_parts(start.cast::<u8>(), length as usize))
    }
}

/// Register every shape on the connection `con` (for its whole database).
///
/// # Safety
/// `con` is a live connection.
pub(super) unsafe fn register(con: ffi::duckdb_connection) -> DuckResult<()> {
    for shape in TEXT_SHAPES {
        // SAFETY: `con` is live per this function's contract; each callback reads one
        // VARCHAR argument and writes BOOLEAN answers.
        unsafe { register_function(con, shape.name, ffi::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN, shape.callback) }?;
    }
    Ok(())
}

/// A scalar function's body as DuckDB's C API calls it.
pub(super) type Callback = unsafe extern "C" fn(ffi::duckdb_function_info, ffi::duckdb_data_chunk, ffi::duckdb_vector);

/// Register on `con` the scalar function `name` of one VARCHAR argument returning `result`,
/// computed by `callback`.
///
/// # Safety
/// `con` is a live connection, and `callback` reads its argument as VARCHAR and writes
/// values of `result`.
pub(super) unsafe fn register_function(
    con: ffi::duckdb_connection,
    name: &str,
    result: ffi::DUCKDB_TYPE,
    callback: Callback,
) -> DuckResult<()> {
    let c_name = CString::new(name).map_err(|_| Failure::other("a function name contains a NUL byte"))?;
    // SAFETY: every handle made here is destroyed here, after DuckDB copied what it keeps
    // (registration copies the function; setting a type copies it); `c_name` outlives the
    // call that reads it; `con` is live per this function's contract.
    let state = unsafe {
        let mut function = ffi::duckdb_create_scalar_function();
        ffi::duckdb_scalar_function_set_name(function, c_name.as_ptr());
        let mut text = ffi::duckdb_create_logical_type(ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR);
        let mut returned = ffi::duckdb_create_logical_type(result);
        ffi::duckdb_scalar_function_add_parameter(function, text);
        ffi::duckdb_scalar_function_set_return_type(function, returned);
        ffi::duckdb_destroy_logical_type(&mut text);
        ffi::duckdb_destroy_logical_type(&mut returned);
        ffi::duckdb_scalar_function_set_function(function, Some(callback));
        let state = ffi::duckdb_register_scalar_function(con, function);
        ffi::duckdb_destroy_scalar_function(&mut function);
        state
    };
    match state == ffi::DuckDBSuccess {
        true => Ok(()),
        false => Err(Failure::other(format!("could not register the function {name}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::{Cell, Database};
    use querycell_contract::quote::literal;

    /// Texts near every shape: random runs of the bytes the patterns care about (digits,
    /// signs, dots, dashes, colons, the date-time separators) and a few they do not (a
    /// letter, a multi-byte digit and space), of lengths around the shapes' own.
    fn near_misses() -> Vec<String> {
        const PIECES: &[&str] = &[
            "0", "1", "5", "9", "+", "-", ".", ":", " ", "T", "t", "a", "٣", "\u{a0}", "2026-", "12:30", ":45",
            "\u{3000}", "\u{2003}", "\u{2212}", "\n", "\t", "é", "😀",
        ];
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut texts: Vec<String> = ["", "1", "+", "-1", "1.", ".5", "+1.5", "2026-01-05", "2026-01-05T10:20"]
            .iter()
            .chain(&["2026-01-05 10:20:30", "2026-01-05 10:20:30.123456", "2026-01-05 10:20:30.1234567"])
            .chain(&["2026-01-05 10:20:30.", "2026-01-05 10:20:3", "2026-01-05 10:20:30Z", "2026-01-05  10:20"])
            .map(|t| t.to_string())
            .collect();
        for _ in 0..60_000 {
            let pieces = 1 + next() % 14;
            texts.push((0..pieces).map(|_| PIECES[(next() % PIECES.len() as u64) as usize]).collect());
        }
        for code in TRIMMED_BY_DUCKDB {
            let c = char::from_u32(code).unwrap();
            texts.extend([
                format!("{c}"),
                format!("{c}x"),
                format!("x{c}"),
                format!("x{c}y"),
                format!("{c}{}{c}", "x".repeat(20)),
            ]);
        }
        // Shapes proper with one byte changed, dropped or doubled.
        for proper in ["-12345", "+3.25", "2026-01-05", "2026-01-05 10:20:30.123"] {
            for at in 0..proper.len() {
                let (head, tail) = proper.split_at(at);
                texts.push(format!("{head}{}", &tail[1..]));
                texts.push(format!("{head}{}{tail}", &tail[..1]));
                for replacement in ["7", ".", "-", ":", "x"] {
                    texts.push(format!("{head}{replacement}{}", &tail[1..]));
                }
            }
        }
        texts
    }

    /// The padded shape's pattern names exactly the characters `trim` removes.
    #[test]
    fn the_padded_pattern_is_the_trimmed_characters() {
        let class: String = TRIMMED_BY_DUCKDB.map(|c| format!("\\x{{{c:x}}}")).join("");
        assert_eq!(PADDED_PATTERN, format!("(?s)[{class}].*|.*[{class}]"));
    }

    /// Each function answers as `regexp_full_match` with its pattern does, in DuckDB itself,
    /// on tens of thousands of texts near the shapes, NULLs among them.
    #[test]
    fn each_shape_answers_as_its_pattern_does() {
        let duck = Database::in_memory(&[]).unwrap();
        duck.execute_batch("CREATE TABLE texts (v VARCHAR)").unwrap();
        let texts = near_misses();
        // A NULL every 97 texts: each vector the functions see has rows of both kinds.
        for chunk in texts.chunks(97) {
            let values: Vec<String> = chunk.iter().map(|t| format!("({})", literal(t))).collect();
            duck.execute_batch(&format!("INSERT INTO texts VALUES {}, (NULL)", values.join(", "))).unwrap();
        }
        for shape in TEXT_SHAPES {
            let sql = format!(
                "SELECT count(*) FILTER (WHERE {n}(v) IS DISTINCT FROM regexp_full_match(v, {p})), \
                 count(*) FILTER (WHERE {n}(v)), min(v) FILTER (WHERE {n}(v) IS DISTINCT FROM regexp_full_match(v, {p})) \
                 FROM texts",
                n = shape.name,
                p = literal(shape.pattern)
            );
            let row = duck.query(&sql).unwrap().remove(0);
            assert_eq!(row[0], Cell::Integer(0), "{} differs from its pattern, first on {:?}", shape.name, row[2]);
            let matched = match &row[1] {
                Cell::Integer(n) => *n,
                other => panic!("{other:?}"),
            };
            assert!(matched >= 5, "{} matched only {matched} texts: the corpus does not exercise it", shape.name);
        }
    }
}
