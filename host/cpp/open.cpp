// Opening a database with DuckDB's core functions and none of the other extensions linked into
// the binary (host/src/duck/mod.rs, `Extensions::CoreOnly`).
//
// libduckdb-sys links parquet and json in and registers them for every database, and DuckDB
// loads every registered extension as a database opens. The query side reads one DuckDB file:
// parquet's and json's functions are of no use there, and loading them was a part of every
// query worker's open. Not loaded, they do not exist on that connection, whatever a check
// misses. The option that says so (`load_extensions`) is not a setting the C API can name, so
// it is set on the configuration object here.
//
// Every C++ exception is caught here; none may unwind into Rust.

#include "duckdb/common/error_data.hpp"
#include "duckdb/common/exception.hpp"
#include "duckdb/main/capi/capi_internal.hpp"
#include "duckdb/main/config.hpp"
#include "duckdb/main/extension_helper.hpp"

#include <cstring>

extern "C" {

// `duckdb_open_ext`, loading only the linked `core_functions` extension. `config` must be a live
// configuration from `duckdb_create_config`; `*out_error`, when set, is the caller's to free
// with `duckdb_free`.
duckdb_state querycell_open_core_only(const char *path, duckdb_database *out, duckdb_config config,
                                      char **out_error) noexcept {
	using namespace duckdb;
	try {
		reinterpret_cast<DBConfig *>(config)->options.load_extensions = false;
	} catch (...) {
		return DuckDBError;
	}
	auto state = duckdb_open_ext(path, out, config, out_error);
	if (state != DuckDBSuccess) {
		return state;
	}
	try {
		auto &database = *reinterpret_cast<DatabaseWrapper *>(*out)->database;
		if (ExtensionHelper::LoadExtension(database, "core_functions") != ExtensionLoadResult::LOADED_EXTENSION) {
			throw InternalException("DuckDB's core functions are not linked into this binary");
		}
		return DuckDBSuccess;
	} catch (std::exception &ex) {
		if (out_error) {
			*out_error = strdup(ErrorData(ex).Message().c_str());
		}
	} catch (...) {
		if (out_error) {
			*out_error = strdup("loading DuckDB's core functions failed");
		}
	}
	duckdb_close(out);
	return DuckDBError;
}

} // extern "C"
