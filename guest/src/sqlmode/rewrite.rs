//! Rewrite, do not trust: literals compared against columns become numbered parameters
//! (`$1`, `$2`, …), `current_date` and `today()` become one parameter holding the host's
//! today, the row cap becomes the outer LIMIT, and the statement is re-emitted from the AST
//! (so comments and any text the parser skipped are gone).

use std::ops::ControlFlow;

use sqlparser::ast::{
    BinaryOperator, CastKind, DataType, ExactNumberInfo, Expr, LimitClause, Query, Value, VisitMut, VisitorMut,
};

use super::clock;
use crate::model::Param;

/// What [`bind_literals`] bound.
#[derive(Debug, Clone, PartialEq)]
pub struct Bound {
    /// Parameter values in placeholder order: value i binds `$(i+1)`.
    pub params: Vec<Param>,
    /// How the statement asked for today's date (`current_date`, `today()`), each spelling
    /// once, in the order first seen; empty when it did not.
    pub today_spellings: Vec<&'static str>,
}

/// Replace literals in comparisons (`=`, `<>`, `<`, `<=`, `>`, `>=`,
/// `IS [NOT] DISTINCT FROM`, `IN`, `BETWEEN`, `LIKE`) by placeholders, and every
/// `current_date` / `today()` by `CAST($n AS DATE)` with one `$n` bound to `today` (days
/// since 1970-01-01).
pub fn bind_literals(query: &mut Query, today: i32) -> Bound {
    let mut binder = Binder { params: Vec::new(), today, today_placeholders: Vec::new(), today_spellings: Vec::new() };
    let _ = query.visit(&mut binder);
    Bound { params: binder.params, today_spellings: binder.today_spellings }
}

struct Binder {
    params: Vec<Param>,
    today: i32,
    /// The placeholder each spelling of today is bound to, so every mention of one spelling
    /// shares one. Spellings apart get placeholders apart: DuckDB merges a grouping
    /// expression written twice, and `current_date` and `today()` are two expressions to it,
    /// where one shared placeholder would be one (`GROUPING SETS ((current_date, today()))`,
    /// found by the `sql_differential` fuzz target).
    today_placeholders: Vec<(&'static str, usize)>,
    today_spellings: Vec<&'static str>,
}

impl Binder {
    /// Swap `expr` for the next placeholder if it is a literal with a parameter form.
    fn bind(&mut self, expr: &mut Expr) {
        let Expr::Value(value) = expr else { return };
        let param = match &value.value {
            Value::SingleQuotedString(text) => Param::Text(text.clone()),
            Value::Number(text, _) => match text.parse::<i64>() {
                Ok(i) => Param::Integer(i),
                Err(_) => match exact_type(text) {
                    Some(data_type) => {
                        // The digits as text, cast to the type DuckDB gives the literal.
                        self.params.push(Param::Text(text.clone()));
                        *expr = Expr::Cast {
                            kind: CastKind::Cast,
                            expr: Box::new(placeholder(self.params.len())),
                            data_type,
                            format: None,
                        };
                        return;
                    }
                    // A whole number no HUGEINT holds stays in the text: DuckDB's reading of
                    // it is that literal's, which a bound DOUBLE is not to the reading proof
                    // (found by the `sql_differential` target).
                    None if text.bytes().all(|b| b.is_ascii_digit()) => return,
                    None => match text.parse::<f64>() {
                        Ok(f) if f.is_finite() => Param::Float(f),
                        _ => return,
                    },
                },
            },
            Value::Boolean(b) => Param::Boolean(*b),
            _ => return,
        };
        self.params.push(param);
        *expr = placeholder(self.params.len());
    }
}

/// The exact type DuckDB gives a number literal that no `i64` holds, if it has one: a
/// fraction written without an exponent (`12345678901234567.89`) is `DECIMAL(digits,
/// fraction digits)` up to 38 digits, a whole number is `HUGEINT` while one holds it. Bound
/// as a double, as it was, such a literal lost digits, and a comparison with a DECIMAL or a
/// large BIGINT column changed meaning (`amount = 12345678901234567.89` matched three
/// amounts). `None` for what DuckDB reads as a DOUBLE (an exponent, more than 38 digits).
fn exact_type(text: &str) -> Option<DataType> {
    /// The most digits a DuckDB DECIMAL holds.
    const DECIMAL_DIGITS: usize = 38;
    if !text.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    match text.split_once('.') {
        None => text.parse::<i128>().is_ok().then_some(DataType::HugeInt),
        Some((whole, fraction)) if !fraction.contains('.') => {
            let digits = whole.len() + fraction.len();
            (1..=DECIMAL_DIGITS)
                .contains(&digits)
                .then_some(DataType::Decimal(ExactNumberInfo::PrecisionAndScale(digits as u64, fraction.len() as i64)))
        }
        Some(_) => None,
    }
}

fn is_literal(expr: &Expr) -> bool {
    matches!(expr, Expr::Value(_))
}

impl VisitorMut for Binder {
    type Break = ();

    fn post_visit_expr(&mut self, expr: &mut Expr) -> ControlFlow<()> {
        if let Expr::Function(function) = expr {
            if let Some(spelling) = clock::todays_date(function) {
                if !self.today_spellings.contains(&spelling) {
                    self.today_spellings.push(spelling);
                }
                let n = match self.today_placeholders.iter().find(|(written, _)| *written == spelling) {
                    Some(&(_, n)) => n,
                    None => {
                        self.params.push(Param::Date(self.today));
                        self.today_placeholders.push((spelling, self.params.len()));
                        self.params.len()
                    }
                };
                // Typed here, so DuckDB never has to guess the parameter's type from context.
                *expr = Expr::Cast {
                    kind: CastKind::Cast,
                    expr: Box::new(placeholder(n)),
                    data_type: DataType::Date,
                    format: None,
                };
                return ControlFlow::Continue(());
            }
        }
        match expr {
            Expr::BinaryOp {
                left,
                op:
                    BinaryOperator::Eq
                    | BinaryOperator::NotEq
                    | BinaryOperator::Lt
                    | BinaryOperator::LtEq
                    | BinaryOperator::Gt
                    | BinaryOperator::GtEq,
                right,
            }
            | Expr::IsDistinctFrom(left, right)
            | Expr::IsNotDistinctFrom(left, right) => {
                // A literal is bound only opposite a non-literal, whose type DuckDB can
                // give the parameter.
                if !is_literal(left) {
                    self.bind(right);
                } else if !is_literal(right) {
                    self.bind(left);
                }
            }
            Expr::InList { expr, list, .. } if !is_literal(expr) => list.iter_mut().for_each(|item| self.bind(item)),
            Expr::Between { expr, low, high, .. } if !is_literal(expr) => {
                self.bind(low);
                self.bind(high);
            }
            Expr::Like { expr, pattern, .. } | Expr::ILike { expr, pattern, .. } if !is_literal(expr) => {
                self.bind(pattern)
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }
}

pub fn placeholder(n: usize) -> Expr {
    Expr::Value(Value::Placeholder(format!("${n}")).into())
}

/// The LIMIT the statement asked for, if it is a plain number.
pub fn requested_limit(query: &Query) -> Option<u64> {
    match &query.limit_clause {
        Some(LimitClause::LimitOffset { limit: Some(Expr::Value(value)), .. }) => match &value.value {
            Value::Number(text, _) => text.parse().ok(),
            _ => None,
        },
        _ => None,
    }
}

/// Set the statement's top-level LIMIT to placeholder `n`, keeping any OFFSET.
pub fn set_limit(query: &mut Query, n: usize) {
    match &mut query.limit_clause {
        Some(LimitClause::LimitOffset { limit, .. }) => *limit = Some(placeholder(n)),
        other => {
            *other = Some(LimitClause::LimitOffset { limit: Some(placeholder(n)), offset: None, limit_by: Vec::new() })
        }
    }
}
