//! Cast and typed-literal positions: only the DuckDB types an analytical query needs, with
//! numeric modifiers, may be named. sqlparser keeps the modifiers of a type it does not
//! know as raw text and prints them back unquoted, so an unknown type is where request text
//! could become SQL text; none is accepted. The names are
//! [`querycell_contract::sql::CAST_TYPES`], which the host checks again on DuckDB's tree.

use sqlparser::ast::{CharacterLength, DataType, ExactNumberInfo, ObjectNamePart, TimezoneInfo};
use sqlparser::tokenizer::Span;

use super::position::position;
use crate::error::{Code, CompileError, Result};
use crate::plan::clip;

/// DuckDB's widest DECIMAL.
const MAX_DECIMAL_PRECISION: u64 = 38;

/// Refuse `data_type` unless it is an allowed cast type with allowed modifiers.
pub fn check(data_type: &DataType, span: Span) -> Result<()> {
    let (name, modifiers) = cast_type(data_type).ok_or_else(|| refuse(data_type, span))?;
    match querycell_contract::sql::cast_type_modifiers(name) {
        Some(allowed) if modifiers <= allowed => Ok(()),
        _ => Err(refuse(data_type, span)),
    }
}

fn refuse(data_type: &DataType, span: Span) -> CompileError {
    CompileError::new(
        Code::TypeNotAllowed,
        position(span),
        format!("casts to '{}' are not allowed", clip(&data_type.to_string())),
    )
    .with_hint(format!(
        "cast to one of {} (DECIMAL(p,s) and VARCHAR(n) take numbers)",
        querycell_contract::sql::CAST_TYPES.join(", ")
    ))
}

/// The DuckDB spelling of an accepted type and how many modifiers it carries; `None` for
/// every type form that is not accepted.
fn cast_type(data_type: &DataType) -> Option<(&'static str, usize)> {
    let plain = |name: &'static str| Some((name, 0));
    match data_type {
        DataType::TinyInt(None) => plain("TINYINT"),
        DataType::SmallInt(None) => plain("SMALLINT"),
        DataType::Int(None) => plain("INT"),
        DataType::Integer(None) => plain("INTEGER"),
        DataType::BigInt(None) => plain("BIGINT"),
        DataType::HugeInt => plain("HUGEINT"),
        DataType::UTinyInt => plain("UTINYINT"),
        DataType::USmallInt => plain("USMALLINT"),
        DataType::UBigInt => plain("UBIGINT"),
        DataType::UHugeInt => plain("UHUGEINT"),
        DataType::Int2(None) => plain("INT2"),
        DataType::Int4(None) => plain("INT4"),
        DataType::Int8(None) => plain("INT8"),
        DataType::Double(ExactNumberInfo::None) | DataType::DoublePrecision => plain("DOUBLE"),
        DataType::Float(ExactNumberInfo::None) => plain("FLOAT"),
        DataType::Real => plain("REAL"),
        DataType::Float4 => plain("FLOAT4"),
        DataType::Float8 => plain("FLOAT8"),
        DataType::Decimal(info) | DataType::Numeric(info) => {
            let name = if matches!(data_type, DataType::Decimal(_)) { "DECIMAL" } else { "NUMERIC" };
            match *info {
                ExactNumberInfo::None => Some((name, 0)),
                ExactNumberInfo::Precision(p) if (1..=MAX_DECIMAL_PRECISION).contains(&p) => Some((name, 1)),
                ExactNumberInfo::PrecisionAndScale(p, s)
                    if (1..=MAX_DECIMAL_PRECISION).contains(&p) && s >= 0 && s as u64 <= p =>
                {
                    Some((name, 2))
                }
                _ => None,
            }
        }
        DataType::Varchar(None) => plain("VARCHAR"),
        DataType::Varchar(Some(CharacterLength::IntegerLength { unit: None, .. })) => Some(("VARCHAR", 1)),
        DataType::Text => plain("TEXT"),
        DataType::String(None) => plain("STRING"),
        DataType::Boolean => plain("BOOLEAN"),
        DataType::Bool => plain("BOOL"),
        DataType::Date => plain("DATE"),
        DataType::Time(None, TimezoneInfo::None) => plain("TIME"),
        DataType::Timestamp(None, TimezoneInfo::None | TimezoneInfo::WithoutTimeZone) => plain("TIMESTAMP"),
        DataType::Interval { fields: None, precision: None } => plain("INTERVAL"),
        // Type names sqlparser has no variant for (UINTEGER): the bare name only, never
        // with modifiers, which sqlparser would keep as raw text.
        DataType::Custom(name, modifiers) if modifiers.is_empty() => match name.0.as_slice() {
            [ObjectNamePart::Identifier(ident)] if ident.quote_style.is_none() => {
                let upper = ident.value.to_ascii_uppercase();
                querycell_contract::sql::CAST_TYPES.iter().find(|t| **t == upper).map(|t| (*t, 0))
            }
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlparser::ast::{Expr, SelectItem, SetExpr, Statement};
    use sqlparser::dialect::DuckDbDialect;
    use sqlparser::parser::Parser;

    fn cast_target(type_text: &str) -> DataType {
        let sql = format!("SELECT CAST(x AS {type_text})");
        let statement = Parser::parse_sql(&DuckDbDialect {}, &sql).unwrap().remove(0);
        let Statement::Query(query) = statement else { panic!() };
        let SetExpr::Select(select) = *query.body else { panic!() };
        let SelectItem::UnnamedExpr(Expr::Cast { data_type, .. }) = &select.projection[0] else { panic!("{sql}") };
        data_type.clone()
    }

    /// Every name the contract lists parses to a type this module accepts: the two lists
    /// cannot drift apart.
    #[test]
    fn every_contract_type_is_accepted() {
        for name in querycell_contract::sql::CAST_TYPES {
            let data_type = cast_target(name);
            assert!(check(&data_type, Span::empty()).is_ok(), "{name} parses to {data_type:?}, which is refused");
        }
        for modified in
            ["DECIMAL(18,3)", "NUMERIC(10)", "VARCHAR(20)", "TIMESTAMP WITHOUT TIME ZONE", "DOUBLE PRECISION"]
        {
            assert!(check(&cast_target(modified), Span::empty()).is_ok(), "{modified}");
        }
    }

    #[test]
    fn everything_else_is_refused() {
        let mut checked = 0;
        for refused in [
            "BPCHAR('1)')",
            "BPCHAR(1)",
            "UINTEGER(1)",
            "mytype",
            "\"INTEGER\"",
            "main.INTEGER",
            "INTEGER[]",
            "STRUCT(a INTEGER)",
            "MAP(VARCHAR, INTEGER)",
            "DECIMAL(99,2)",
            "DECIMAL(4,5)",
            "VARCHAR(MAX)",
            "TIMESTAMP WITH TIME ZONE",
            "TIMESTAMPTZ",
            "BLOB",
            "JSON",
            "UUID",
            "INTERVAL YEAR TO MONTH",
        ] {
            // Forms sqlparser cannot parse never reach this check; the rest must be refused.
            let Ok(statement) = Parser::parse_sql(&DuckDbDialect {}, &format!("SELECT CAST(x AS {refused})")) else {
                println!("{refused}: not parsed");
                continue;
            };
            let Statement::Query(query) = &statement[0] else { panic!() };
            let SetExpr::Select(select) = &*query.body else { panic!() };
            let SelectItem::UnnamedExpr(Expr::Cast { data_type, .. }) = &select.projection[0] else {
                panic!("{refused}: not a cast")
            };
            let error = check(data_type, Span::empty()).expect_err(refused);
            assert_eq!(error.code, "type_not_allowed");
            checked += 1;
        }
        assert!(checked >= 15, "only {checked} forms reached the check");
    }
}
