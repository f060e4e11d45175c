//! Spark Connect's result batches (Arrow IPC streams) read into the executor's owned rows,
//! every value spelled as DuckDB spells it, so an answer reads the same from either engine.
//! Reading stops at the caller's row cap; a type querycell does not read back is refused by
//! name, as DuckDB's reader refuses it.

use arrow_array::cast::AsArray;
use arrow_array::types::{
    Date32Type, Decimal128Type, Float32Type, Float64Type, Int16Type, Int32Type, Int64Type, Int8Type,
    TimestampMicrosecondType,
};
use arrow_array::{Array, RecordBatch};
use arrow_schema::{DataType, Schema, TimeUnit as ArrowTimeUnit};

use crate::duck::{date_text, decimal_text, timestamp_text, Cell, Column, Rows, TimeUnit};

/// A result's columns as DuckDB would name their types (`BIGINT`, `DECIMAL(38,3)`,
/// `TIMESTAMP`), or the first column of a type querycell does not read back.
pub fn columns(schema: &Schema) -> Result<Vec<Column>, String> {
    schema
        .fields()
        .iter()
        .map(|field| {
            let type_name = match field.data_type() {
                DataType::Null => "NULL".to_string(),
                DataType::Boolean => "BOOLEAN".into(),
                DataType::Int8 => "TINYINT".into(),
                DataType::Int16 => "SMALLINT".into(),
                DataType::Int32 => "INTEGER".into(),
                DataType::Int64 => "BIGINT".into(),
                DataType::Float32 => "FLOAT".into(),
                DataType::Float64 => "DOUBLE".into(),
                DataType::Decimal128(width, scale) => format!("DECIMAL({width},{scale})"),
                DataType::Utf8 | DataType::LargeUtf8 => "VARCHAR".into(),
                DataType::Date32 => "DATE".into(),
                // Spark's TIMESTAMP arrives in the session's zone, which querycell pins to UTC,
                // and TIMESTAMP_NTZ without one: both are wall-clock times in UTC.
                DataType::Timestamp(ArrowTimeUnit::Microsecond, _) => "TIMESTAMP".into(),
                other => {
                    return Err(format!(
                        "column \"{}\" has type {other}, which querycell does not read back",
                        field.name()
                    ))
                }
            };
            Ok(Column { name: field.name().clone(), type_name })
        })
        .collect()
}

/// Append the rows of `batch` to `rows`, up to `max_rows` in all.
pub fn append(batch: &RecordBatch, rows: &mut Rows, max_rows: usize) -> Result<(), String> {
    let room = max_rows.saturating_sub(rows.rows.len()).min(batch.num_rows());
    for row in 0..room {
        let mut cells = Vec::with_capacity(batch.num_columns());
        for column in batch.columns() {
            cells.push(cell(column.as_ref(), row)?);
        }
        rows.rows.push(cells);
    }
    Ok(())
}

fn cell(array: &dyn Array, row: usize) -> Result<Cell, String> {
    if array.is_null(row) {
        return Ok(Cell::Null);
    }
    Ok(match array.data_type() {
        DataType::Null => Cell::Null,
        DataType::Boolean => Cell::Boolean(array.as_boolean().value(row)),
        DataType::Int8 => Cell::Integer(array.as_primitive::<Int8Type>().value(row).into()),
        DataType::Int16 => Cell::Integer(array.as_primitive::<Int16Type>().value(row).into()),
        DataType::Int32 => Cell::Integer(array.as_primitive::<Int32Type>().value(row).into()),
        DataType::Int64 => Cell::Integer(array.as_primitive::<Int64Type>().value(row).into()),
        DataType::Float32 => Cell::Float(f64::from(array.as_primitive::<Float32Type>().value(row))),
        DataType::Float64 => Cell::Float(array.as_primitive::<Float64Type>().value(row)),
        // As DuckDB's reader does: a DECIMAL is read exactly, as its digits.
        DataType::Decimal128(_, scale) => {
            let scale = u8::try_from(*scale).map_err(|_| "a DECIMAL with a negative scale".to_string())?;
            Cell::Decimal(decimal_text(array.as_primitive::<Decimal128Type>().value(row), scale))
        }
        DataType::Utf8 => Cell::Text(array.as_string::<i32>().value(row).to_string()),
        DataType::LargeUtf8 => Cell::Text(array.as_string::<i64>().value(row).to_string()),
        DataType::Date32 => Cell::Text(date_text(array.as_primitive::<Date32Type>().value(row))),
        DataType::Timestamp(ArrowTimeUnit::Microsecond, _) => {
            Cell::Text(timestamp_text(array.as_primitive::<TimestampMicrosecondType>().value(row), TimeUnit::Micros))
        }
        other => return Err(format!("a value of type {other}, which querycell does not read back")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    use arrow_array::{
        BooleanArray, Date32Array, Decimal128Array, Float64Array, Int64Array, StringArray, TimestampMicrosecondArray,
    };
    use arrow_schema::Field;

    #[test]
    fn values_read_as_duckdb_spells_them() {
        let schema = Arc::new(Schema::new(vec![
            Field::new("n", DataType::Int64, true),
            Field::new("x", DataType::Float64, true),
            Field::new("d", DataType::Decimal128(10, 2), true),
            Field::new("s", DataType::Utf8, true),
            Field::new("b", DataType::Boolean, true),
            Field::new("day", DataType::Date32, true),
            Field::new("at", DataType::Timestamp(ArrowTimeUnit::Microsecond, Some("UTC".into())), true),
        ]));
        let batch = RecordBatch::try_new(
            schema.clone(),
            vec![
                Arc::new(Int64Array::from(vec![Some(7), None])),
                Arc::new(Float64Array::from(vec![Some(2.5), None])),
                Arc::new(Decimal128Array::from(vec![Some(-1234), None]).with_precision_and_scale(10, 2).unwrap()),
                Arc::new(StringArray::from(vec![Some("a'b"), None])),
                Arc::new(BooleanArray::from(vec![Some(true), None])),
                Arc::new(Date32Array::from(vec![Some(20527), None])),
                Arc::new(TimestampMicrosecondArray::from(vec![Some(1_773_532_800_000_001), None]).with_timezone("UTC")),
            ],
        )
        .unwrap();
        let names: Vec<String> = columns(&schema).unwrap().into_iter().map(|c| c.type_name).collect();
        assert_eq!(names, ["BIGINT", "DOUBLE", "DECIMAL(10,2)", "VARCHAR", "BOOLEAN", "DATE", "TIMESTAMP"]);
        let mut rows = Rows::default();
        append(&batch, &mut rows, 10).unwrap();
        assert_eq!(
            rows.rows[0],
            vec![
                Cell::Integer(7),
                Cell::Float(2.5),
                Cell::Decimal("-12.34".into()),
                Cell::Text("a'b".into()),
                Cell::Boolean(true),
                Cell::Text("2026-03-15".into()),
                Cell::Text("2026-03-15 00:00:00.000001".into()),
            ]
        );
        assert!(rows.rows[1].iter().all(|c| *c == Cell::Null));
        let mut capped = Rows::default();
        append(&batch, &mut capped, 1).unwrap();
        assert_eq!(capped.rows.len(), 1);
    }
}
