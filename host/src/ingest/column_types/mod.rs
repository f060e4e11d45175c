//! Type decisions for text sources (CSV, TSV, Excel sheets): every column is loaded as text
//! first and grouped by its distinct texts (see [`groups::Groups`]); those are checked type
//! by type (each check stops at the first value that does not fit), and the column gets a
//! type only when every present value fits it. Each decision is recorded with its reason.
//! Careful by default:
//! - `00123` stays text (an identifier, not 123);
//! - dates become DATE/TIMESTAMP only in ISO form (with a UTC offset: converted to UTC),
//!   `YYYY/MM/DD`, or `d/m/Y` / `m/d/Y` / `d.m.Y` when some value proves the order (a day
//!   over 12) and none contradicts it; `03/04/2026` alone stays text, and so does a column
//!   mixing ways of writing dates (its decision counts the rows of each);
//! - in number, boolean and date columns the tokens `NA`, `N/A`, `null`, `NULL`, `-` also
//!   count as missing (reported); in text columns only the configured null tokens do, so
//!   "NA" (North America) is never lost;
//! - in number columns `NaN`, `inf`, `-Infinity` and the like (what numpy, pandas, R and
//!   JavaScript write) are missing too, counted in the decision: never a NaN in an average;
//! - amounts (`$1,234.56`, `($45.00)`, `1.234,56-`, `12.5%`) are numbers when every value
//!   reads as one in one currency or as a percentage (see [`amounts`]).
//!
//! The rooms, each using only those above it in this list:
//!
//! - [`tokens`]: the null-like and not-finite tokens, and SQL telling a cell is one.
//! - [`groups`]: a column grouped by its distinct texts, and the samples that decide whether
//!   grouping is worth it.
//! - [`decision`]: what a column becomes and why ([`decision::Decision`]), and the two ways a
//!   profile ends (`decision::Outcomes`).
//! - [`conditions`]: the SQL conditions each check asks of a value, and the ways of writing
//!   dates.
//! - [`values`]: the questions asked about a column's present values, one per distinct text.
//! - [`number_columns`], [`amounts`], [`date_columns`]: the checks for numbers, amounts and
//!   dates.
//! - [`detect`]: the phase itself: the counts, the overrides, then the checks from the
//!   narrowest type to the widest.

pub mod amounts;
pub mod conditions;
pub mod date_columns;
pub mod decision;
pub mod detect;
pub mod groups;
pub mod number_columns;
pub mod tokens;
pub mod values;
