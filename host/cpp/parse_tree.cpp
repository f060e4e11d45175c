// DuckDB's own parser, without a database: the parse tree of one SQL text as the JSON that
// `json_serialize_sql` returns, from the same parser and the same serializer, but called
// directly instead of through a query on an in-memory database, which cost a database
// instance per checker and a query's fixed overhead per statement (host/src/duck/parser.rs).
//
// The built-in grammar and settings (`Parser::GetBuiltinParser`): no connection's settings,
// no parser extensions. The same JSON is also written for statements a connection has split
// already (`querycell_extracted_tree`), so a statement is checked and prepared from one parse.
// Every C++ exception is caught here; none may unwind into Rust.

#include "duckdb/common/error_data.hpp"
#include "duckdb/common/string_util.hpp"
#include "duckdb/main/capi/capi_internal.hpp"
#include "duckdb/parser/keyword_helper.hpp"
#include "duckdb/parser/parser.hpp"
#include "duckdb/parser/statement/select_statement.hpp"
#include "json_common.hpp"
#include "json_serializer.hpp"

#include <cstdlib>
#include <cstring>

namespace {

using namespace duckdb;

// `{"error": false, "statements": [...]}`, each statement SELECT or an exception.
yyjson_mut_val *SerializeStatements(yyjson_mut_doc *doc, const vector<unique_ptr<SQLStatement>> &parsed) {
	auto statements = yyjson_mut_arr(doc);
	for (auto &statement : parsed) {
		if (statement->type != StatementType::SELECT_STATEMENT) {
			throw NotImplementedException("Only SELECT statements can be serialized to json!");
		}
		auto &select = statement->Cast<SelectStatement>();
		yyjson_mut_arr_append(statements, JsonSerializer::Serialize(select, doc, false, false, false));
	}
	auto root = yyjson_mut_obj(doc);
	yyjson_mut_obj_add_false(doc, root, "error");
	yyjson_mut_obj_add_val(doc, root, "statements", statements);
	return root;
}

// `{"error": true, "error_type": ..., "error_message": ..., ...}`, as json_serialize_sql.
yyjson_mut_val *SerializeError(yyjson_mut_doc *doc, const std::exception &ex) {
	ErrorData error(ex);
	auto root = yyjson_mut_obj(doc);
	yyjson_mut_obj_add_true(doc, root, "error");
	yyjson_mut_obj_add_strcpy(doc, root, "error_type",
	                          StringUtil::Lower(Exception::ExceptionTypeToString(error.Type())).c_str());
	yyjson_mut_obj_add_strcpy(doc, root, "error_message", error.RawMessage().c_str());
	for (auto &entry : error.ExtraInfo()) {
		yyjson_mut_obj_add_strcpy(doc, root, entry.first.c_str(), entry.second.c_str());
	}
	return root;
}

char *Write(yyjson_mut_val *root, size_t *out_len) {
	// yyjson allocates with malloc when no allocator is given: freed by querycell_parse_tree_free.
	return yyjson_mut_val_write_opts(root, JSONCommon::WRITE_FLAG, nullptr, out_len, nullptr);
}

// The JSON `serialize` writes, or the error JSON of the exception it throws; null when memory
// ran out or the tree could not be written. No exception leaves.
template <class SERIALIZE>
char *TreeJson(size_t *out_len, SERIALIZE &&serialize) noexcept {
	*out_len = 0;
	yyjson_mut_doc *doc = nullptr;
	char *json = nullptr;
	try {
		doc = yyjson_mut_doc_new(nullptr);
		if (doc == nullptr) {
			return nullptr;
		}
		try {
			json = Write(serialize(doc), out_len);
		} catch (std::exception &ex) {
			json = Write(SerializeError(doc, ex), out_len);
		}
	} catch (...) {
		json = nullptr;
	}
	if (doc != nullptr) {
		yyjson_mut_doc_free(doc);
	}
	return json;
}

} // namespace

extern "C" {

// The JSON for `sql[..sql_len]`, in a buffer the caller frees with querycell_parse_tree_free,
// its length in `*out_len`; null when memory ran out or the tree could not be written.
char *querycell_parse_tree(const char *sql, size_t sql_len, size_t *out_len) noexcept {
	return TreeJson(out_len, [&](yyjson_mut_doc *doc) {
		auto parser = Parser::GetBuiltinParser();
		parser.ParseQuery(std::string(sql, sql_len));
		return SerializeStatements(doc, parser.statements);
	});
}

// The same JSON for the statements a connection's parser split (`duckdb_extract_statements`),
// so a caller checks the very trees it then prepares from that handle. `extracted` must be a
// live handle whose extraction succeeded; serializing reads its statements and changes
// nothing.
char *querycell_extracted_tree(duckdb_extracted_statements extracted, size_t *out_len) noexcept {
	return TreeJson(out_len, [&](yyjson_mut_doc *doc) {
		auto &wrapper = *reinterpret_cast<ExtractStatementsWrapper *>(extracted);
		return SerializeStatements(doc, wrapper.statements);
	});
}

void querycell_parse_tree_free(char *json) noexcept {
	std::free(json);
}

// Build DuckDB's keyword table, a function-local static that its first use builds (it parses
// the grammar's text once more). That first use is otherwise the binder of a process's first
// query, printing an expression's name to see whether it needs quotes.
void querycell_build_keywords() noexcept {
	try {
		(void)KeywordHelper::IsKeyword("select");
	} catch (...) {
		// Left to its first use, which builds it as before.
	}
}

} // extern "C"
