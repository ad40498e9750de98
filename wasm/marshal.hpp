// Conversions between JavaScript values and the library's types for the bindings
// (bindings.cpp): typed arrays copied out once, JS arrays copied in once, objects built from
// field lists, a JS options object read as Params.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <emscripten/val.h>

#include "supclust/base/types.hpp"
#include "supclust/base/uninitialised.hpp"
#include "supclust/methods/options.hpp"

namespace supclust::marshal {

using emscripten::val;

template <class T>
val copyOut(const char* type, const T* data, std::size_t n) { return val::global(type).new_(emscripten::typed_memory_view(n, data)); }
inline val copyOut(const std::vector<double>& v) { return copyOut("Float64Array", v.data(), v.size()); }
inline val copyOut(const Labels& v) { return copyOut("Int32Array", v.data(), v.size()); }
template <class M>
val copyOut(const Eigen::DenseBase<M>& m) {  // column-major
  const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic> dense = m;
  return copyOut("Float64Array", dense.data(), static_cast<std::size_t>(dense.size()));
}
inline std::vector<double> doubles(const val& a) { return emscripten::convertJSArrayToNumberVector<double>(a); }
inline std::vector<std::int32_t> ints(const val& a) { return emscripten::convertJSArrayToNumberVector<std::int32_t>(a); }
// A JS array or typed array copied into a buffer sized for it and not zeroed first (a 20 MB X
// is written once, by the copy).
template <class T>
UninitialisedVector<T> copyIn(const val& a) {
  UninitialisedVector<T> out(a["length"].as<std::size_t>());
  val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", a);
  return out;
}
inline bool given(const val& v) { return !v.isUndefined() && !v.isNull(); }
// An object of the given fields, in order; an array of f(item) for each item.
inline val object(std::initializer_list<std::pair<const char*, val>> fields, val o = val::object()) {
  for (const auto& [key, value] : fields) o.set(key, value);
  return o;
}
template <class C, class F>
val list(const C& items, F f) {
  val a = val::array();
  for (const auto& x : items) a.call<void>("push", f(x));
  return a;
}
// A JS object's entries as Params: numbers, booleans, strings, and arrays as integer lists.
inline Params toParams(const val& options) {
  Params p;
  if (!given(options)) return p;
  const val keys = val::global("Object").call<val>("keys", options);
  for (int i = 0; i < keys["length"].as<int>(); ++i) {
    const std::string k = keys[i].as<std::string>(), t = options[k].typeOf().as<std::string>();
    if (t == "number") p.numbers[k] = options[k].as<double>();
    else if (t == "boolean") p.flags[k] = options[k].as<bool>();
    else if (t == "string") p.strings[k] = options[k].as<std::string>();
    else if (t == "object" && !options[k].isNull()) p.labels[k] = ints(options[k]);
  }
  return p;
}

}  // namespace supclust::marshal
