// Running one statement that a connection's parser split (`duckdb_extract_statements`), with
// its parameter values, planned once (host/src/duck/statement.rs). What runs is a copy of the
// parsed statement, so a parse kept for its text runs again without being parsed again.
//
// The C API's way, `duckdb_prepare_extracted_statement` and then `duckdb_execute_prepared*`,
// plans a statement twice in DuckDB 2.0: preparing binds and optimizes it, and a prepared
// statement that reads a table is marked `always_require_rebind` (its optimizers may embed
// the database's state), so executing it binds and optimizes it again with the values. Here
// the statement is submitted with its values, as `duckdb_query` submits the statements it
// parses, and the result is handed back as the C API's own streaming result.
//
// Only a SELECT statement is submitted; anything else is an error result. Every C++ exception
// is caught here; none may unwind into Rust.

#include "duckdb/common/exception.hpp"
#include "duckdb/main/capi/capi_internal.hpp"
#include "duckdb/main/client_context.hpp"
#include "duckdb/main/query_result_stream.hpp"
#include "duckdb/parser/sql_statement.hpp"
#include "duckdb/planner/expression/bound_parameter_data.hpp"

namespace {

using namespace duckdb;

// The error result `out` gets for a refusal made here.
duckdb_state Refuse(const std::string &message, duckdb_result *out) {
	return DuckDBTranslateResult(make_uniq<QueryResult>(ErrorData(InvalidInputException(message))), out);
}

} // namespace

extern "C" {

// Whether statement `index` of `extracted` is one DuckDB's parser calls a SELECT.
bool querycell_extracted_is_select(duckdb_extracted_statements extracted, idx_t index) noexcept {
	auto &wrapper = *reinterpret_cast<ExtractStatementsWrapper *>(extracted);
	return index < wrapper.statements.size() && wrapper.statements[index] &&
	       wrapper.statements[index]->type == StatementType::SELECT_STATEMENT;
}

// How many parameters statement `index` of `extracted` has; 0 when there is no such statement.
idx_t querycell_extracted_parameter_count(duckdb_extracted_statements extracted, idx_t index) noexcept {
	auto &wrapper = *reinterpret_cast<ExtractStatementsWrapper *>(extracted);
	if (index >= wrapper.statements.size() || !wrapper.statements[index]) {
		return 0;
	}
	return wrapper.statements[index]->named_param_map.size();
}

// Submit a copy of statement `index` of `extracted` on `connection` with
// `values[0..value_count]` bound to its parameters by position, and fill `out` with its
// streaming result (or its error). `extracted` is left as it was; `connection` must be the one
// that split it. The values are copied.
duckdb_state querycell_submit_extracted(duckdb_connection connection, duckdb_extracted_statements extracted,
                                        idx_t index, duckdb_value *values, idx_t value_count,
                                        duckdb_result *out) noexcept {
	try {
		auto &wrapper = *reinterpret_cast<ExtractStatementsWrapper *>(extracted);
		if (index >= wrapper.statements.size() || !wrapper.statements[index]) {
			return Refuse("there is no such statement to run", out);
		}
		auto &statement = wrapper.statements[index];
		if (statement->type != StatementType::SELECT_STATEMENT) {
			return Refuse("DuckDB's parser reports statement type " + StatementTypeToString(statement->type) +
			                  ", not SELECT",
			              out);
		}
		if (statement->named_param_map.size() != value_count) {
			return Refuse("the statement has " + std::to_string(statement->named_param_map.size()) +
			                  " placeholders but " + std::to_string(value_count) + " values were given",
			              out);
		}
		identifier_map_t<BoundParameterData> bound;
		for (auto &parameter : statement->named_param_map) {
			// Positions are 1-based: `?` and `$n` are numbered in the text.
			if (parameter.second == 0 || parameter.second > value_count) {
				return Refuse("a placeholder has no value at its position", out);
			}
			bound[parameter.first] = BoundParameterData(*reinterpret_cast<Value *>(values[parameter.second - 1]));
		}
		auto &context = *reinterpret_cast<Connection *>(connection)->context;
		auto result = context.Submit(statement->Copy(), bound, QueryParameters());
		if (result->HasError() || !StreamsByDefault(StatementType::SELECT_STATEMENT, *result, true)) {
			result->Complete();
			return DuckDBTranslateResult(std::move(result), out);
		}
		return DuckDBTranslateStreamResult(make_uniq<QueryResultStream<>>(std::move(result)), out);
	} catch (...) {
		return DuckDBError;
	}
}

} // extern "C"
