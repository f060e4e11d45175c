//! SQL that reads a text cell's padding exactly as DuckDB's `trim` does: whether it is
//! padded, the cell trimmed, whether it is blank. Below every phase that asks (the rows below
//! the data, type detection, the checked load), so none of them asks another for it.

use crate::duck::TRIMMED_BY_DUCKDB;

/// SQL condition: text `raw` starts or ends with a character `trim` removes, which is exactly
/// `trim(raw) <> raw`, read from its two ends by `duck::shapes`: `trim` copies every text,
/// and on long free text that copy cost as much as the rest of the column's profiling; read
/// by SQL functions, the two ends cost half of the counting query of a column of short values.
pub(crate) fn padded(raw: &str) -> String {
    format!("querycell_padded({raw})")
}

/// SQL: `trim(raw)`, with `trim` run only on the texts that are [`padded`] (a CASE evaluates
/// its THEN for the rows that need it alone).
pub(crate) fn trimmed(raw: &str) -> String {
    format!("CASE WHEN {} THEN trim({raw}) ELSE {raw} END", padded(raw))
}

/// SQL condition: text `raw` is missing, empty, or nothing but what `trim` removes. Such a
/// text, when not empty, starts with a character `trim` removes, so only those are trimmed.
pub(crate) fn blank(raw: &str) -> String {
    let codes = TRIMMED_BY_DUCKDB.map(|c| c.to_string()).join(", ");
    format!("CASE WHEN {raw} IS NULL OR {raw} = '' THEN true WHEN ord({raw}) IN ({codes}) THEN trim({raw}) = '' ELSE false END")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::{cell_integer, first_row, Cell, Database as Connection};
    use querycell_contract::quote;

    #[test]
    fn trims_exactly_what_duckdbs_trim_removes() {
        let duck = Connection::in_memory(&[]).unwrap();
        let removed = duck
            .query(
                "SELECT i FROM range(1, 1114112) AS t(i) WHERE (i < 55296 OR i > 57343) \
                 AND length(trim(chr(i::INTEGER) || 'a' || chr(i::INTEGER))) = 1 ORDER BY i",
            )
            .unwrap();
        let removed: Vec<u32> = removed.iter().map(|row| cell_integer(row, 0) as u32).collect();
        assert_eq!(removed, TRIMMED_BY_DUCKDB);
        // `padded` reads the end of an ASCII text as the space alone.
        assert_eq!(TRIMMED_BY_DUCKDB.iter().filter(|&&code| code < 128).collect::<Vec<_>>(), [&32]);

        let texts = [
            "",
            " ",
            "a",
            " a",
            "\u{a0} \u{3000}",
            "a ",
            "\u{a0}a",
            "a\u{3000}",
            "\ta\n",
            "é",
            "a b",
            "NA ",
            " \u{2000} ",
            "ab\u{202f}",
            "é ",
            "é\u{2000}",
            "ab\t",
            "a\u{85}",
            "\u{3000}é",
        ];
        for text in texts {
            let v = quote::literal(text);
            let row = first_row(
                duck.query(&format!("SELECT {}, trim({v}) <> {v}, {}, trim({v})", padded(&v), trimmed(&v))).unwrap(),
            );
            assert_eq!(row[0], row[1], "padded({text:?})");
            assert_eq!(row[2], row[3], "trimmed({text:?})");
            let row = first_row(duck.query(&format!("SELECT {}, trim({v}) = ''", blank(&v))).unwrap());
            assert_eq!(row[0], row[1], "blank({text:?})");
        }
        let nulls = first_row(duck.query(&format!("SELECT {} IS NULL", trimmed("CAST(NULL AS VARCHAR)"))).unwrap());
        assert_eq!(nulls[0], Cell::Boolean(true));
    }
}
