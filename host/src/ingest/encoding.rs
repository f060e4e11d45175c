//! Text encodings of CSV/TSV files. querycell reads CSV as UTF-8; a file in another
//! encoding is transcoded to UTF-8 by the trusted ingest, into the ingest's private staging
//! folder, and that copy is what the layout scan and DuckDB read. The file on disk is never
//! changed. Which encoding:
//!
//! - `encoding` in `querycell.toml` (per table, or for every CSV/TSV of the root):
//!   `utf-8`, `windows-1252`, `latin-1` (ISO-8859-1), `utf-16` (byte order from the file's
//!   byte-order mark), `utf-16le`, `utf-16be`;
//! - else a UTF-16 byte-order mark (`FF FE`, `FE FF`), which Excel's "Unicode text" export
//!   writes, decides alone: no other encoding starts that way;
//! - else UTF-8, and a byte that is not UTF-8 is `csv_not_utf8` with a hint naming the
//!   setting: windows-1252 and latin-1 cannot be told apart from each other by their bytes
//!   (nor, in general, from other legacy encodings), so they are never guessed.
//!
//! A setting that the file contradicts (a UTF-8 or UTF-16 byte-order mark under
//! `windows-1252`, bytes that are no character in the named encoding) is refused with
//! `csv_encoding_mismatch`, never read as something else.
//!
//! A JSON or NDJSON file is UTF-8, or UTF-16 with a byte-order mark; one that starts with a
//! mark of either is loaded from a UTF-8 copy without it ([`super::transcode::prepare_json`]).

//!
//! This file is the vocabulary (settings, byte-order marks, decoders); [`super::transcode`]
//! writes the UTF-8 copies.

use crate::error::{Code, Error, Result};

/// An encoding `querycell.toml` can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    /// UTF-8, the default: nothing is transcoded.
    Utf8,
    /// Windows-1252, what Excel and most Windows programs write in Western Europe and the US.
    Windows1252,
    /// ISO-8859-1: every byte is the character with that number.
    Latin1,
    /// UTF-16 in the byte order its byte-order mark says (the mark is required).
    Utf16,
    /// UTF-16, little-endian (a byte-order mark, if any, must agree).
    Utf16Le,
    /// UTF-16, big-endian (a byte-order mark, if any, must agree).
    Utf16Be,
}

/// The spellings `querycell.toml` accepts, for hints.
pub const SETTINGS: &str =
    "\"utf-8\", \"windows-1252\", \"latin-1\" (\"iso-8859-1\"), \"utf-16\", \"utf-16le\", \"utf-16be\"";

impl Setting {
    /// The setting's spelling in `querycell.toml`.
    pub fn name(self) -> &'static str {
        match self {
            Setting::Utf8 => "utf-8",
            Setting::Windows1252 => "windows-1252",
            Setting::Latin1 => "latin-1",
            Setting::Utf16 => "utf-16",
            Setting::Utf16Le => "utf-16le",
            Setting::Utf16Be => "utf-16be",
        }
    }

    /// The setting a `querycell.toml` spelling names (any case; `cp1252`, `latin1`,
    /// `iso-8859-1` accepted); `None` for anything else.
    pub fn parse(text: &str) -> Option<Setting> {
        Some(match text.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "utf-8" | "utf8" => Setting::Utf8,
            "windows-1252" | "cp1252" | "cp-1252" => Setting::Windows1252,
            "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" => Setting::Latin1,
            "utf-16" | "utf16" => Setting::Utf16,
            "utf-16le" | "utf16le" => Setting::Utf16Le,
            "utf-16be" | "utf16be" => Setting::Utf16Be,
            _ => return None,
        })
    }
}

/// How a file's bytes are decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decoding {
    /// Windows-1252.
    Windows1252,
    /// ISO-8859-1.
    Latin1,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
}

impl Decoding {
    /// The encoding's name, as decisions and messages write it.
    pub fn name(self) -> &'static str {
        match self {
            Decoding::Windows1252 => "windows-1252",
            Decoding::Latin1 => "latin-1 (ISO-8859-1)",
            Decoding::Utf16Le => "UTF-16LE",
            Decoding::Utf16Be => "UTF-16BE",
        }
    }
}

/// A byte-order mark at the start of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bom {
    Utf8,
    Utf16Le,
    Utf16Be,
}

impl Bom {
    pub(crate) fn of(head: &[u8]) -> Option<Bom> {
        if head.starts_with(b"\xEF\xBB\xBF") {
            Some(Bom::Utf8)
        } else if head.starts_with(b"\xFF\xFE") {
            Some(Bom::Utf16Le)
        } else if head.starts_with(b"\xFE\xFF") {
            Some(Bom::Utf16Be)
        } else {
            None
        }
    }

    fn name(self) -> &'static str {
        match self {
            Bom::Utf8 => "a UTF-8",
            Bom::Utf16Le => "a UTF-16LE",
            Bom::Utf16Be => "a UTF-16BE",
        }
    }
}

/// How to read a file that is not UTF-8, and why, for the decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The file's encoding.
    pub decoding: Decoding,
    /// Bytes of byte-order mark to skip.
    pub skip: u64,
    /// What said so: the setting and where it is, or the byte-order mark.
    pub why: String,
}

/// Decide how to read a file starting with `head`, given the `setting` (and where it is set,
/// for messages); `Ok(None)` when the file is read as the UTF-8 it is taken to be.
pub fn plan(head: &[u8], setting: Option<Setting>, set_at: &str, shown: &str) -> Result<Option<Plan>> {
    let bom = Bom::of(head);
    let told = |decoding: Decoding, skip: u64| Ok(Some(Plan { decoding, skip, why: set_at.to_string() }));
    let contradicts = |named: &str, bom: Bom| {
        Err(Error::new(
            Code::CsvEncodingMismatch,
            format!("{shown} starts with {} byte-order mark, but {set_at} says the file is {named}", bom.name()),
        )
        .at(shown)
        .hint(format!("remove the encoding setting, or set the one the file is in ({SETTINGS})")))
    };
    match (setting, bom) {
        (None | Some(Setting::Utf8), None | Some(Bom::Utf8)) => Ok(None),
        (None | Some(Setting::Utf16), Some(bom @ (Bom::Utf16Le | Bom::Utf16Be))) => {
            let decoding = if bom == Bom::Utf16Le { Decoding::Utf16Le } else { Decoding::Utf16Be };
            let why = match setting {
                Some(_) => format!("{set_at}, with the byte order its byte-order mark says"),
                None => "its byte-order mark says so".to_string(),
            };
            Ok(Some(Plan { decoding, skip: 2, why }))
        }
        (Some(Setting::Utf8), Some(bom)) => contradicts("UTF-8", bom),
        (Some(Setting::Utf16), _) => Err(Error::new(
            Code::CsvEncodingMismatch,
            format!("{shown} has no UTF-16 byte-order mark, but {set_at} says utf-16, whose byte order only that mark tells"),
        )
        .at(shown)
        .hint("set encoding = \"utf-16le\" or \"utf-16be\" for UTF-16 without a byte-order mark")),
        (Some(Setting::Utf16Le), None) => told(Decoding::Utf16Le, 0),
        (Some(Setting::Utf16Le), Some(Bom::Utf16Le)) => told(Decoding::Utf16Le, 2),
        (Some(Setting::Utf16Be), None) => told(Decoding::Utf16Be, 0),
        (Some(Setting::Utf16Be), Some(Bom::Utf16Be)) => told(Decoding::Utf16Be, 2),
        (Some(Setting::Windows1252), None) => told(Decoding::Windows1252, 0),
        (Some(Setting::Latin1), None) => told(Decoding::Latin1, 0),
        (Some(other), Some(bom)) => contradicts(other.name(), bom),
    }
}

/// Windows-1252's bytes 0x80–0x9F (the rest are the same numbers as in Unicode); `None`
/// for the five bytes that are no character.
const WINDOWS_1252_HIGH: [Option<char>; 32] = [
    Some('€'),
    None,
    Some('‚'),
    Some('ƒ'),
    Some('„'),
    Some('…'),
    Some('†'),
    Some('‡'),
    Some('ˆ'),
    Some('‰'),
    Some('Š'),
    Some('‹'),
    Some('Œ'),
    None,
    Some('Ž'),
    None,
    None,
    Some('‘'),
    Some('’'),
    Some('“'),
    Some('”'),
    Some('•'),
    Some('–'),
    Some('—'),
    Some('˜'),
    Some('™'),
    Some('š'),
    Some('›'),
    Some('œ'),
    None,
    Some('ž'),
    Some('Ÿ'),
];

/// Why decoding stopped: the line and a description of the bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct Undecodable {
    /// The line (1-based) the bytes are on.
    pub line: u64,
    /// The bytes, in words.
    pub what: String,
}

/// A streaming decoder: bytes in, UTF-8 text out, line numbers counted for messages.
pub struct Decoder {
    decoding: Decoding,
    /// A byte of a UTF-16 unit cut by the end of a chunk.
    odd: Option<u8>,
    /// A high surrogate waiting for its low half.
    high: Option<u16>,
    line: u64,
}

impl Decoder {
    /// A decoder at the start of a file.
    pub fn new(decoding: Decoding) -> Decoder {
        Decoder { decoding, odd: None, high: None, line: 1 }
    }

    fn push(&mut self, c: char, out: &mut String) {
        if c == '\n' {
            self.line += 1;
        }
        out.push(c);
    }

    /// Decode `bytes` (the next part of the file) onto `out`.
    pub fn feed(&mut self, bytes: &[u8], out: &mut String) -> std::result::Result<(), Undecodable> {
        match self.decoding {
            Decoding::Latin1 => bytes.iter().for_each(|&b| self.push(char::from(b), out)),
            Decoding::Windows1252 => {
                for &b in bytes {
                    let c = match b {
                        0x80..=0x9F => WINDOWS_1252_HIGH[usize::from(b - 0x80)].ok_or_else(|| Undecodable {
                            line: self.line,
                            what: format!("the byte 0x{b:02X}, which is no character in windows-1252"),
                        })?,
                        _ => char::from(b),
                    };
                    self.push(c, out);
                }
            }
            Decoding::Utf16Le | Decoding::Utf16Be => {
                let mut rest = bytes;
                if let Some(first) = self.odd.take() {
                    match rest.split_first() {
                        Some((&second, tail)) => {
                            self.unit([first, second], out)?;
                            rest = tail;
                        }
                        None => {
                            self.odd = Some(first);
                            return Ok(());
                        }
                    }
                }
                let mut pairs = rest.chunks_exact(2);
                for pair in &mut pairs {
                    self.unit([pair[0], pair[1]], out)?;
                }
                self.odd = pairs.remainder().first().copied();
            }
        }
        Ok(())
    }

    fn unit(&mut self, pair: [u8; 2], out: &mut String) -> std::result::Result<(), Undecodable> {
        let unit = if self.decoding == Decoding::Utf16Le { u16::from_le_bytes(pair) } else { u16::from_be_bytes(pair) };
        let unpaired = |line: u64, unit: u16| Undecodable {
            line,
            what: format!("the unpaired UTF-16 surrogate 0x{unit:04X}, which is no character"),
        };
        match (self.high.take(), unit) {
            (None, 0xD800..=0xDBFF) => self.high = Some(unit),
            (None, 0xDC00..=0xDFFF) => return Err(unpaired(self.line, unit)),
            (None, _) => self.push(char::from_u32(u32::from(unit)).expect("not a surrogate"), out),
            (Some(high), 0xDC00..=0xDFFF) => {
                let code = 0x10000 + ((u32::from(high) - 0xD800) << 10) + (u32::from(unit) - 0xDC00);
                self.push(char::from_u32(code).expect("a surrogate pair is a character"), out);
            }
            (Some(high), _) => return Err(unpaired(self.line, high)),
        }
        Ok(())
    }

    /// The end of the file: a half unit or a lone high surrogate is an error.
    pub fn finish(&mut self) -> std::result::Result<(), Undecodable> {
        if self.odd.is_some() {
            return Err(Undecodable {
                line: self.line,
                what: "an odd number of bytes, so the last character of UTF-16 is cut".into(),
            });
        }
        match self.high {
            Some(high) => Err(Undecodable {
                line: self.line,
                what: format!("the unpaired UTF-16 surrogate 0x{high:04X}, which is no character"),
            }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(decoding: Decoding, bytes: &[u8], chunk: usize) -> std::result::Result<String, Undecodable> {
        let mut decoder = Decoder::new(decoding);
        let mut out = String::new();
        for part in bytes.chunks(chunk) {
            decoder.feed(part, &mut out)?;
        }
        decoder.finish()?;
        Ok(out)
    }

    #[test]
    fn windows_1252_and_latin_1_differ_only_in_0x80_to_0x9f() {
        let bytes = b"M\xFCller;\x80 12\n\x93q\x94";
        assert_eq!(decode(Decoding::Windows1252, bytes, 3).unwrap(), "Müller;€ 12\n“q”");
        assert_eq!(decode(Decoding::Latin1, bytes, 3).unwrap(), "Müller;\u{80} 12\n\u{93}q\u{94}");
        let bad = decode(Decoding::Windows1252, b"a\nb\x81", 64).unwrap_err();
        assert_eq!(bad.line, 2);
        assert!(bad.what.contains("0x81"), "{}", bad.what);
    }

    #[test]
    fn utf16_is_decoded_across_chunk_edges_with_surrogate_pairs() {
        let text = "Name\tBetrag\nMüller\t12,50\n😀\t1\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        for chunk in [1, 3, 4, 7, 1024] {
            assert_eq!(decode(Decoding::Utf16Le, &le, chunk).unwrap(), text, "{chunk}");
            assert_eq!(decode(Decoding::Utf16Be, &be, chunk).unwrap(), text, "{chunk}");
        }
        assert!(decode(Decoding::Utf16Le, &le[..le.len() - 1], 5).unwrap_err().what.contains("odd"));
        let lone: Vec<u8> = [0x61u16, 0xD800, 0x62].iter().flat_map(|u| u.to_le_bytes()).collect();
        assert!(decode(Decoding::Utf16Le, &lone, 2).unwrap_err().what.contains("0xD800"));
    }

    #[test]
    fn the_byte_order_mark_and_the_setting_decide_together() {
        let plan_of = |head: &[u8], setting| plan(head, setting, "querycell.toml", "x.csv");
        assert_eq!(plan_of(b"a,b\n", None).unwrap(), None);
        assert_eq!(plan_of(b"\xEF\xBB\xBFa,", None).unwrap(), None);
        let le = plan_of(b"\xFF\xFEa\x00", None).unwrap().unwrap();
        assert_eq!((le.decoding, le.skip), (Decoding::Utf16Le, 2));
        assert!(le.why.contains("byte-order mark"), "{}", le.why);
        let be = plan_of(b"\xFE\xFF\x00a", Some(Setting::Utf16)).unwrap().unwrap();
        assert_eq!((be.decoding, be.skip), (Decoding::Utf16Be, 2));
        assert_eq!(plan_of(b"a\x00b\x00", Some(Setting::Utf16Le)).unwrap().unwrap().skip, 0);
        assert_eq!(plan_of(b"M\xFCl", Some(Setting::Windows1252)).unwrap().unwrap().decoding, Decoding::Windows1252);
        for (head, setting) in [
            (&b"\xEF\xBB\xBFa"[..], Setting::Windows1252),
            (b"\xFF\xFEa\x00", Setting::Latin1),
            (b"\xFF\xFEa\x00", Setting::Utf8),
            (b"\xFF\xFEa\x00", Setting::Utf16Be),
            (b"a,b", Setting::Utf16),
        ] {
            assert_eq!(plan_of(head, Some(setting)).unwrap_err().code, "csv_encoding_mismatch", "{setting:?}");
        }
        assert_eq!(Setting::parse("Windows-1252"), Some(Setting::Windows1252));
        assert_eq!(Setting::parse("ISO-8859-1"), Some(Setting::Latin1));
        assert_eq!(Setting::parse("utf_16le"), Some(Setting::Utf16Le));
        assert_eq!(Setting::parse("ebcdic"), None);
    }
}
