// A JSON text written front to back: objects, arrays, keys and values in the order given, commas
// placed by the writer. Numbers keep every bit (17 significant digits); a non-finite number is
// written as null. What the library describes (its methods, tables, limits) crosses to
// JavaScript as one such text.
#pragma once

#include <string>
#include <vector>

namespace supclust {

class JsonWriter {
 public:
  JsonWriter& beginObject() { return open('{'); }
  JsonWriter& endObject() { return close('}'); }
  JsonWriter& beginArray() { return open('['); }
  JsonWriter& endArray() { return close(']'); }
  // The next value's key (inside an object).
  JsonWriter& key(const std::string& k);
  JsonWriter& value(const std::string& s);
  JsonWriter& value(const char* s) { return value(std::string(s)); }
  JsonWriter& value(double x);
  JsonWriter& value(int x) { return value(static_cast<double>(x)); }
  JsonWriter& value(bool b);
  template <class T>
  JsonWriter& field(const std::string& k, const T& v) {
    return key(k).value(v);
  }
  template <class T>
  JsonWriter& array(const std::vector<T>& values) {
    beginArray();
    for (const T& v : values) value(v);
    return endArray();
  }
  const std::string& text() const { return out_; }

 private:
  JsonWriter& open(char c);
  JsonWriter& close(char c);
  void separate();
  std::string out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool afterKey_ = false;
};

}  // namespace supclust
