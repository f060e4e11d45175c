//! How a number written in the summary fits a value of the receipt: exactly, as a stated
//! rounding, as an admitted approximation, as a rounding the text does not admit, or as a
//! wrong rounding; the receipt's numeric cells sorted for that search; and the values that
//! can be derived from two cells (sums, differences, ratios, percentages, column totals).
//!
//! Every search is a binary search in a sorted list followed by at most [`MAX_EXAMINED`]
//! comparisons, so one number costs the same however large the receipt.

use super::receipt::{Aggregate, Cell, ColumnKind, Facts};
use super::scan::Number;

/// Candidates compared per search, at most.
pub const MAX_EXAMINED: usize = 64;
/// Numeric columns whose cells take part in derivations.
const MAX_DERIVATION_COLUMNS: usize = 8;
/// Labels of one column whose rows are totalled.
const MAX_LABEL_TOTALS: usize = 256;

/// Whether adding the column's values up means something: a count, a sum, or plain values
/// (not averages, shares or extremes).
fn additive(facts: &Facts, column: usize) -> bool {
    matches!(facts.aggregate(column), Some(Aggregate::Count | Aggregate::Sum | Aggregate::Unknown))
}
/// How far a hedged number ("about 15") may be from the value: 5 %.
const HEDGE_TOLERANCE: f64 = 0.05;

/// How a written number fits a value, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fit {
    /// The same value.
    Exact,
    /// The value rounded at the precision the number is written with (`14.7`, `67%`, `12k`).
    Rounded,
    /// A hedged number ("about 15") the value rounds to, within 5 %.
    Approx,
    /// A whole number the value rounds to, without a hedge: `15` for 14.666….
    Unadmitted,
    /// Within one unit of the last digit, but not the value's rounding: `14.6` for 14.666….
    Misrounded,
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// `value` rounded to `decimals` decimals of `scale` (half away from zero), computed by
/// scaling up rather than dividing by the step: 18.75 is 187.5 tenths exactly, where
/// 18.75 / 0.1 is 187.49999….
fn round_at(value: f64, decimals: u32, scale: f64) -> f64 {
    let factor = 10f64.powi(decimals as i32);
    let scaled = value / scale * factor;
    // A nudge of a few ulps, so a value printed as …5 rounds up as people round it.
    let nudged = scaled + scaled.signum() * scaled.abs().max(1.0) * 1e-12;
    nudged.round() / factor * scale
}

/// How `number` (hedged or not) fits `value`, if at all. `value` is on the number's own
/// scale (a share is passed times 100 for a percent).
pub fn fit(number: &Number, hedged: bool, value: f64) -> Option<Fit> {
    let x = number.value;
    if close(x, value) {
        return Some(Fit::Exact);
    }
    let step = number.step();
    if step > 0.0 && close(round_at(value, number.decimals, number.scale), x) {
        return Some(if number.states_precision() {
            Fit::Rounded
        } else if hedged {
            Fit::Approx
        } else {
            Fit::Unadmitted
        });
    }
    let loose = number.loose_step();
    if hedged
        && loose > 0.0
        && close((value / loose).round() * loose, x)
        && (x - value).abs() <= HEDGE_TOLERANCE * value.abs()
    {
        return Some(Fit::Approx);
    }
    // A stated precision allows one unit of its last digit, that unit included (57.1k for
    // 57,000); a whole number one off is another number (6 for 5).
    let reach = if number.states_precision() { step * (1.0 + 1e-9) } else { step * (1.0 - 1e-9) };
    ((x - value).abs() <= reach && !number.ordinal).then_some(Fit::Misrounded)
}

/// `value` written as `number` would write it if it were right: the same decimals, suffix
/// and percent sign.
pub fn written_like(number: &Number, value: f64) -> String {
    let decimals = number.decimals as usize;
    let suffix = match number.scale {
        1e3 => "k",
        1e6 => "M",
        1e9 => "bn",
        _ => "",
    };
    let shown = format!("{:.*}", decimals, value / number.scale);
    format!("{shown}{suffix}{}", if number.percent { "%" } else { "" })
}

/// A value as the checker's messages show it: up to six decimals, trailing zeros dropped.
pub fn show(value: f64) -> String {
    let text = format!("{value:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.to_string()
    }
}

/// The values a written number is compared with: the value itself, and for a percent the
/// value times 100 (a share of 0.667 is written 66.7%). An aggregate's cell is only ever
/// read times 100 ("0.53 %" is not a share of 0.534); a plain value may already be a
/// percentage (`pct_change` 12.5), so it is read as written too.
pub fn scaled_candidates(number: &Number, value: f64, aggregate: Option<Aggregate>) -> [Option<f64>; 2] {
    // Only a plain value may already be a percentage (`pct_change` 12.5), or a "share"
    // above 1 (a column named `pct` that holds percents); 3 seats is not 3 %.
    let as_written = matches!(aggregate, None | Some(Aggregate::Unknown))
        || (aggregate == Some(Aggregate::Share) && value.abs() > 1.0);
    match (number.percent, as_written) {
        (true, false) => [Some(value * 100.0), None],
        (true, true) => [Some(value * 100.0), Some(value)],
        (false, _) => [Some(value), None],
    }
}

/// The values a derivation is compared with, as `number` is written: a percent against
/// percentages (a ratio times 100, a change, a share of a total, a difference of two
/// shares times 100), "percentage points" only against a difference of two percentages, a
/// plain number against plain values (never a percentage without its `%`).
pub fn derived_candidates(number: &Number, value: f64, derivation: &Derivation, facts: &Facts) -> Option<f64> {
    let column = derivation_column(derivation);
    let share = facts.aggregate(column) == Some(Aggregate::Share);
    let percent_valued = facts.aggregate(column) == Some(Aggregate::Unknown);
    let percentage =
        matches!(derivation, Derivation::Percent(..) | Derivation::Change(..) | Derivation::ShareOfTotal(_));
    let difference = matches!(derivation, Derivation::Difference(..));
    if number.points {
        return match (difference, share, percent_valued) {
            (true, true, _) => Some(value * 100.0),
            (true, false, true) => Some(value),
            _ => None,
        };
    }
    match (number.percent, derivation) {
        (true, _) if percentage => Some(value),
        (true, Derivation::Ratio(..)) => Some(value * 100.0),
        (true, Derivation::Sum(..) | Derivation::Difference(..)) if share => Some(value * 100.0),
        (true, _) if percent_valued => Some(value),
        (true, _) => None,
        (false, _) if percentage => None,
        (false, _) => Some(value),
    }
}

/// The column a derivation is over (the first cell's).
pub fn derivation_column(derivation: &Derivation) -> usize {
    match derivation {
        Derivation::Total { column } | Derivation::LabelTotal { column, .. } | Derivation::TopTotal { column, .. } => {
            *column as usize
        }
        Derivation::Sum(a, _)
        | Derivation::Difference(a, _)
        | Derivation::Ratio(a, _)
        | Derivation::Percent(a, _)
        | Derivation::Change(a, _)
        | Derivation::ShareOfTotal(a) => a.column as usize,
    }
}

/// The cells a derivation combines, when it is made of one or two cells: the rows and
/// columns a sentence must attribute it to.
pub fn derivation_cells(derivation: &Derivation) -> Option<(CellRef, Option<CellRef>)> {
    match *derivation {
        Derivation::Sum(a, b)
        | Derivation::Difference(a, b)
        | Derivation::Ratio(a, b)
        | Derivation::Percent(a, b)
        | Derivation::Change(a, b) => Some((a, Some(b))),
        Derivation::ShareOfTotal(a) => Some((a, None)),
        Derivation::Total { .. } | Derivation::LabelTotal { .. } | Derivation::TopTotal { .. } => None,
    }
}

/// The range of values a number could fit (exactly, rounded, hedged or misrounded), on the
/// receipt's scale: each is looked up in a sorted list.
pub fn search_ranges(number: &Number) -> Vec<(f64, f64)> {
    let x = number.value;
    let width =
        number.step().max(number.loose_step().min(x.abs() * HEDGE_TOLERANCE * 2.0)).max(1e-9 * x.abs().max(1.0));
    let mut ranges = vec![(x - width, x + width)];
    if number.percent {
        ranges.push(((x - width) / 100.0, (x + width) / 100.0));
    }
    ranges
}

/// A numeric cell: its value, row and column.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellRef {
    pub value: f64,
    pub row: u32,
    pub column: u32,
}

/// The receipt's numeric cells, sorted by value.
pub struct CellIndex {
    cells: Vec<CellRef>,
}

impl CellIndex {
    pub fn of(facts: &Facts) -> CellIndex {
        let mut cells = Vec::new();
        for (r, row) in facts.rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if let (Cell::Number(value), ColumnKind::Numeric(_)) = (cell, &facts.columns[c].kind) {
                    cells.push(CellRef { value: *value, row: r as u32, column: c as u32 });
                }
            }
        }
        cells.sort_by(|a, b| a.value.total_cmp(&b.value).then(a.row.cmp(&b.row)).then(a.column.cmp(&b.column)));
        CellIndex { cells }
    }

    /// The cells whose value lies in `[low, high]`, at most [`MAX_EXAMINED`] of them.
    pub fn within(&self, low: f64, high: f64) -> &[CellRef] {
        let start = self.cells.partition_point(|c| c.value < low);
        let end = self.cells.partition_point(|c| c.value <= high).max(start);
        &self.cells[start..end.min(start + MAX_EXAMINED)]
    }
}

/// How a derived value is made.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Derivation {
    /// The column's total over every row of the answer.
    Total { column: u32 },
    /// The column's total over the `rows` rows whose `label` column has the value it has
    /// in `row` (the first of them).
    LabelTotal { label: u32, row: u32, rows: u32, column: u32 },
    /// `a + b`.
    Sum(CellRef, CellRef),
    /// `a − b`, positive.
    Difference(CellRef, CellRef),
    /// `a / b`.
    Ratio(CellRef, CellRef),
    /// `a / b × 100`.
    Percent(CellRef, CellRef),
    /// `(a − b) / b × 100`, as a positive change.
    Change(CellRef, CellRef),
    /// `a / (the column's total) × 100`.
    ShareOfTotal(CellRef),
    /// The column's total over the first `rows` rows of an answer sorted by a number: "the
    /// top 5 together".
    TopTotal { column: u32, rows: u32 },
}

/// Values derived from pairs of cells, sorted by value, each with how it is made.
pub struct Derived {
    values: Vec<(f64, u32)>,
    derivations: Vec<Derivation>,
}

impl Derived {
    /// Every derivation over the first `max_rows` rows (column totals over all rows).
    pub fn of(facts: &Facts, max_rows: usize) -> Derived {
        let mut out = Derived { values: Vec::new(), derivations: Vec::new() };
        let numeric: Vec<usize> = (0..facts.columns.len())
            .filter(|c| matches!(facts.columns[*c].kind, ColumnKind::Numeric(_)))
            .take(MAX_DERIVATION_COLUMNS)
            .collect();
        let rows = facts.rows.len().min(max_rows);
        let cell =
            |r: usize, c: usize| facts.number(r, c).map(|value| CellRef { value, row: r as u32, column: c as u32 });
        for &c in numeric.iter().filter(|&&c| additive(facts, c)) {
            let total: f64 = facts.rows.iter().enumerate().filter_map(|(r, _)| facts.number(r, c)).sum();
            out.push(total, Derivation::Total { column: c as u32 });
            if facts.ordered_by_number().is_some() {
                let mut running = 0.0;
                for r in 0..rows.min(facts.rows.len().saturating_sub(1)) {
                    running += facts.number(r, c).unwrap_or(0.0);
                    if r >= 1 {
                        out.push(running, Derivation::TopTotal { column: c as u32, rows: r as u32 + 1 });
                    }
                }
            }
            for r in 0..rows {
                if let Some(a) = cell(r, c).filter(|a| total != 0.0 && a.value != total) {
                    out.push(a.value / total * 100.0, Derivation::ShareOfTotal(a));
                }
            }
        }
        for &c in &numeric {
            for r1 in 0..rows {
                for r2 in 0..rows {
                    if let (true, Some(a), Some(b)) = (r1 != r2, cell(r1, c), cell(r2, c)) {
                        out.pair(a, b, r1 < r2);
                    }
                }
            }
        }
        // Across the columns of one row only ratios of counts and sums mean something
        // (people per incident, revenue per unit); minutes plus incidents, or a share over
        // an average, does not.
        let additive_columns: Vec<usize> = numeric.iter().copied().filter(|&c| additive(facts, c)).collect();
        for r in 0..rows {
            for &c1 in &additive_columns {
                for &c2 in &additive_columns {
                    if let (true, Some(a), Some(b)) = (c1 != c2, cell(r, c1), cell(r, c2)) {
                        if a.value != b.value && b.value != 0.0 {
                            out.push(a.value / b.value, Derivation::Ratio(a, b));
                            out.push(a.value / b.value * 100.0, Derivation::Percent(a, b));
                        }
                    }
                }
            }
        }
        out.label_totals(facts, &numeric);
        let mut order: Vec<(f64, u32)> = std::mem::take(&mut out.values);
        order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        out.values = order;
        out
    }

    /// The totals of each additive column over the rows of each label that has two or
    /// more ("7 P1 incidents" over every month's P1 row).
    fn label_totals(&mut self, facts: &Facts, numeric: &[usize]) {
        let labels = (0..facts.columns.len())
            .filter(|&c| matches!(facts.columns[c].kind, ColumnKind::Label | ColumnKind::Time(_)));
        for label in labels.take(MAX_DERIVATION_COLUMNS) {
            let mut by_value: std::collections::BTreeMap<&str, Vec<usize>> = std::collections::BTreeMap::new();
            for (r, row) in facts.rows.iter().enumerate() {
                if let Cell::Text(text) = &row[label] {
                    by_value.entry(text.as_str()).or_default().push(r);
                }
            }
            for rows in by_value.values().filter(|rows| rows.len() >= 2).take(MAX_LABEL_TOTALS) {
                for &c in numeric.iter().filter(|&&c| additive(facts, c)) {
                    let total: f64 = rows.iter().filter_map(|&r| facts.number(r, c)).sum();
                    let (label, row, count) = (label as u32, rows[0] as u32, rows.len() as u32);
                    self.push(total, Derivation::LabelTotal { label, row, rows: count, column: c as u32 });
                }
            }
        }
    }

    fn push(&mut self, value: f64, derivation: Derivation) {
        if value.is_finite() {
            self.values.push((value, self.derivations.len() as u32));
            self.derivations.push(derivation);
        }
    }

    /// The derivations of the ordered pair `(a, b)`; the symmetric ones only `once`.
    fn pair(&mut self, a: CellRef, b: CellRef, once: bool) {
        if a.value == b.value {
            return;
        }
        if once {
            self.push(a.value + b.value, Derivation::Sum(a, b));
            let (big, small) = if a.value >= b.value { (a, b) } else { (b, a) };
            self.push(big.value - small.value, Derivation::Difference(big, small));
        }
        if b.value != 0.0 {
            self.push(a.value / b.value, Derivation::Ratio(a, b));
            self.push(a.value / b.value * 100.0, Derivation::Percent(a, b));
            self.push(((a.value - b.value) / b.value * 100.0).abs(), Derivation::Change(a, b));
        }
    }

    /// The derivations whose value lies in `[low, high]`, at most [`MAX_EXAMINED`], in the
    /// order they were made (totals first).
    pub fn within(&self, low: f64, high: f64) -> Vec<(f64, Derivation)> {
        let start = self.values.partition_point(|v| v.0 < low);
        let end = self.values.partition_point(|v| v.0 <= high).max(start);
        let mut found: Vec<(f64, u32)> = self.values[start..end.min(start + MAX_EXAMINED)].to_vec();
        found.sort_by_key(|v| v.1);
        found.into_iter().map(|(value, i)| (value, self.derivations[i as usize])).collect()
    }
}

/// A derivation in words: `42 = 30 + 12 (Platform, Payments; incidents)`.
pub fn describe(derivation: &Derivation, value: f64, facts: &Facts) -> String {
    let name = |c: &CellRef| format!("{} of {}", facts.columns[c.column as usize].name, facts.row_name(c.row as usize));
    let v = show(value);
    match derivation {
        Derivation::Total { column } => {
            format!(
                "{v} = the total of {} over the answer's {} rows",
                facts.columns[*column as usize].name,
                facts.rows.len()
            )
        }
        Derivation::LabelTotal { label, row, column, .. } => {
            let value = match &facts.rows[*row as usize][*label as usize] {
                Cell::Text(text) => text.clone(),
                _ => String::new(),
            };
            format!(
                "{v} = the total of {} over the rows where {} is {value}",
                facts.columns[*column as usize].name, facts.columns[*label as usize].name
            )
        }
        Derivation::Sum(a, b) => format!("{v} = {} + {} ({}, {})", show(a.value), show(b.value), name(a), name(b)),
        Derivation::Difference(a, b) => {
            format!("{v} = {} − {} ({}, {})", show(a.value), show(b.value), name(a), name(b))
        }
        Derivation::Ratio(a, b) => format!("{v} = {} / {} ({}, {})", show(a.value), show(b.value), name(a), name(b)),
        Derivation::Percent(a, b) => {
            format!("{v}% = {} / {} × 100 ({}, {})", show(a.value), show(b.value), name(a), name(b))
        }
        Derivation::Change(a, b) => {
            format!(
                "{v}% = ({} − {}) / {} × 100 ({}, {})",
                show(a.value),
                show(b.value),
                show(b.value),
                name(a),
                name(b)
            )
        }
        Derivation::ShareOfTotal(a) => {
            format!(
                "{v}% = {} / the total of {} × 100 ({})",
                show(a.value),
                facts.columns[a.column as usize].name,
                name(a)
            )
        }
        Derivation::TopTotal { column, rows } => {
            format!("{v} = the total of {} over the first {rows} rows", facts.columns[*column as usize].name)
        }
    }
}
