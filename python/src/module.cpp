// The extension module hiradix._core: the config schema, run, sweep and the exception classes. The public
// API is the Python package around it (python/hiradix/__init__.py).
#include <pybind11/stl.h>

#include "python/src/bindings.h"
#include "config/config.h"
#include "tools/run/provenance.h"
#include "tools/run/simulation.h"
#include "tools/run/summary.h"

namespace py = pybind11;
using namespace hiradix;

// libsystemc.so leaves sc_main undefined (its own main() calls it) and Python loads extensions with
// RTLD_NOW: without this definition, visible to the dynamic linker, the module would not load. Never called.
extern "C" __attribute__((visibility("default"))) int sc_main(int, char**) { return kExitError; }

namespace {

const char* type_name(KeyType t) {
  switch (t) {
    case KeyType::kInt: return "integer";
    case KeyType::kFloat: return "number";
    case KeyType::kString: return "string";
    case KeyType::kMix: return "list";
    case KeyType::kIntList: return "list of integers";
    case KeyType::kStringList: return "list of strings";
  }
  return "";
}

// The schema as `hiradix keys` prints it (key, default, allowed, meaning: one source, config_reference()),
// plus the type and the choices, which an editor's completion wants as data rather than text.
py::list keys() {
  const std::vector<KeyReference> rows = config_reference();
  const std::vector<KeySpec>& schema = config_schema();
  py::list out;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    py::dict d;
    d["key"] = rows[i].key;
    d["default"] = rows[i].default_value;
    d["allowed"] = rows[i].allowed;
    d["meaning"] = rows[i].meaning;
    d["type"] = type_name(schema[i].type);
    d["choices"] = schema[i].choices;
    out.append(d);
  }
  return out;
}

python::SweepArgs sweep_args(const py::dict& d) {
  python::SweepArgs a;
  auto get = [&](const char* name, auto& into) {
    if (d.contains(name) && !d[name].is_none()) into = d[name].cast<std::remove_reference_t<decltype(into)>>();
  };
  get("config_path", a.config_path);
  get("plan_path", a.plan_path);
  get("sets", a.sets);
  get("varies", a.varies);
  get("seeds", a.seeds);
  get("jobs", a.jobs);
  get("out_dir", a.out_dir);
  get("executor", a.executor);
  get("partition", a.partition);
  get("time", a.time);
  get("mem", a.mem);
  get("binary", a.binary);
  get("max_memory", a.max_memory);
  get("resume", a.resume);
  get("quiet", a.quiet);
  get("max_points", a.max_points);
  get("sample", a.sample);
  return a;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "hiradix's C++ core (use the hiradix package, not this module)";
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);  // as the CLI's main(), before any child elaborates
  // Bad configs raise the CLI's one-line message ("config error: KEY: WHY"); a ValueError, so that code
  // catching bad values generically catches these too.
  py::register_exception<ConfigError>(m, "ConfigError", PyExc_ValueError);
  python::set_simulation_error(py::exception<std::runtime_error>(m, "SimulationError", PyExc_RuntimeError));
  m.def("keys", &keys);
  m.def("run", &python::run, py::arg("config_path"), py::arg("sets"), py::arg("out_dir"), py::arg("progress"),
        py::arg("max_memory"));
  m.def("sweep", [](const py::dict& d) { return python::sweep(sweep_args(d)); });
  m.def("summarize", [](const std::string& result) { return summarize(nlohmann::json::parse(result)); });
  m.def("version", &hiradix_version);
  m.def("version_line", &version_line);
}
