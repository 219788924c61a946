// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiny checkers for the report files the tests read back: JSON (the Chrome
// trace, the bench JSON) and XML (the SVG charts and timelines). Each is a
// strict, small recursive-descent reader of the grammar, not a library.
#pragma once

#include <cctype>
#include <cstddef>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace report_check {

// A tiny JSON checker: the whole text is one value (RFC 8259 grammar;
// numbers loosely); counts objects with "ph":"X" and keeps every member's
// key with its scalar value (a string's contents, a number's or literal's
// text; "" for objects and arrays), in document order.
struct JsonChecker {
  const std::string s;  // a copy: a checker may outlive a temporary text
  size_t i = 0;
  explicit JsonChecker(const std::string& text) : s(text) {}
  void Ws() { while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i; }
  bool Lit(const char* w) {
    const std::string l(w);
    if (s.compare(i, l.size(), l) != 0) return false;
    i += l.size();
    return true;
  }
  bool String(std::string* out) {
    if (i >= s.size() || s[i] != '"') return false;
    for (++i; i < s.size(); ++i) {
      const char c = s[i];
      if (c == '"') { ++i; return true; }
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c == '\\') {  // kept decoded (\uXXXX as '?')
        if (++i >= s.size()) return false;
        const std::string esc("\"\\/bfnrt"), dec("\"\\/\b\f\n\r\t");
        if (s[i] == 'u') {
          for (int k = 0; k < 4; ++k) if (++i >= s.size() || !std::isxdigit(static_cast<unsigned char>(s[i]))) return false;
          if (out != nullptr) *out += '?';
        } else if (esc.find(s[i]) == std::string::npos) {
          return false;
        } else if (out != nullptr) {
          *out += dec[esc.find(s[i])];
        }
        continue;
      }
      if (out != nullptr) *out += c;
    }
    return false;
  }
  bool Number(std::string* out = nullptr) {
    const size_t b = i;
    if (i < s.size() && s[i] == '-') ++i;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.' || s[i] == 'e' || s[i] == 'E' || s[i] == '+' || s[i] == '-')) ++i;
    if (out != nullptr) *out = s.substr(b, i - b);
    return i > b && std::isdigit(static_cast<unsigned char>(s[i - 1]));
  }
  std::vector<std::pair<std::string, std::string>> members;
  int complete_events = 0;
  bool Value(std::string* str_out = nullptr) {
    Ws();
    if (i >= s.size()) return false;
    const char c = s[i];
    if (c == '{') {
      ++i;
      Ws();
      if (i < s.size() && s[i] == '}') { ++i; return true; }
      for (;;) {
        Ws();
        std::string key, val;
        if (!String(&key)) return false;
        Ws();
        if (i >= s.size() || s[i++] != ':') return false;
        if (!Value(&val)) return false;
        if (key == "ph" && val == "X") ++complete_events;
        members.emplace_back(key, val);
        Ws();
        if (i < s.size() && s[i] == ',') { ++i; continue; }
        if (i < s.size() && s[i] == '}') { ++i; return true; }
        return false;
      }
    }
    if (c == '[') {
      ++i;
      Ws();
      if (i < s.size() && s[i] == ']') { ++i; return true; }
      for (;;) {
        if (!Value()) return false;
        Ws();
        if (i < s.size() && s[i] == ',') { ++i; continue; }
        if (i < s.size() && s[i] == ']') { ++i; return true; }
        return false;
      }
    }
    if (c == '"') return String(str_out);
    for (const char* w : {"true", "false", "null"}) {
      if (Lit(w)) {
        if (str_out != nullptr) *str_out = w;
        return true;
      }
    }
    return Number(str_out);
  }
  // The values of every member named `key`, in document order.
  std::vector<std::string> Values(const std::string& key) const {
    std::vector<std::string> v;
    for (const auto& m : members) {
      if (m.first == key) v.push_back(m.second);
    }
    return v;
  }
  bool Document() {
    if (!Value()) return false;
    Ws();
    return i == s.size();
  }
};


// A tiny XML 1.0 checker for the SVG we write: an optional <?xml ...?>
// declaration, then exactly one root element; start tags with attributes
// name="value" (quoted, no raw < or &), end tags that match, empty-element
// tags, character data in which & only starts the five predefined entities
// or a character reference, and comments. Counts elements by name and by
// name.class ("rect.bar"), and keeps the text of every <title>.
struct XmlChecker {
  const std::string s;  // a copy: a checker may outlive a temporary text
  size_t i = 0;
  std::map<std::string, int> count;
  std::vector<std::string> titles;
  std::string error;
  explicit XmlChecker(const std::string& text) : s(text) {}
  static bool NameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == ':' || c == '.';
  }
  bool Fail(const std::string& why) {
    if (error.empty()) error = why + " at offset " + std::to_string(i);
    return false;
  }
  void Ws() { while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i; }
  bool Name(std::string* out) {
    const size_t b = i;
    if (i >= s.size() || !(std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_')) return Fail("bad name");
    while (i < s.size() && NameChar(s[i])) ++i;
    *out = s.substr(b, i - b);
    return true;
  }
  bool Entity(std::string* out) {  // at '&'
    const size_t semi = s.find(';', i);
    if (semi == std::string::npos || semi - i > 8) return Fail("bare &");
    const std::string e = s.substr(i + 1, semi - i - 1);
    static const std::map<std::string, char> kNamed = {
        {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
    auto it = kNamed.find(e);
    if (it != kNamed.end()) {
      if (out != nullptr) *out += it->second;
    } else if (e.size() >= 2 && e[0] == '#') {
      for (size_t k = 1; k < e.size(); ++k) {
        if (!std::isxdigit(static_cast<unsigned char>(e[k])) && !(k == 1 && e[k] == 'x')) return Fail("bad char ref");
      }
      if (out != nullptr) *out += '?';
    } else {
      return Fail("unknown entity &" + e + ";");
    }
    i = semi + 1;
    return true;
  }
  bool Text(std::string* out) {
    while (i < s.size() && s[i] != '<') {
      const unsigned char c = static_cast<unsigned char>(s[i]);
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return Fail("control character");
      if (s[i] == '&') {
        if (!Entity(out)) return false;
        continue;
      }
      if (s[i] == '>' && i >= 2 && s.compare(i - 2, 2, "]]") == 0) return Fail("]]> in text");
      if (out != nullptr) *out += s[i];
      ++i;
    }
    return true;
  }
  bool Element() {  // at '<'
    ++i;
    std::string name;
    if (!Name(&name)) return false;
    std::string cls;
    std::map<std::string, bool> seen;
    for (;;) {
      const size_t before = i;
      Ws();
      if (i >= s.size()) return Fail("unterminated tag");
      if (s[i] == '/' || s[i] == '>') break;
      if (i == before) return Fail("no space before attribute");
      std::string attr;
      if (!Name(&attr)) return false;
      if (seen[attr]) return Fail("duplicate attribute " + attr);
      seen[attr] = true;
      Ws();
      if (i >= s.size() || s[i++] != '=') return Fail("attribute without =");
      Ws();
      if (i >= s.size() || (s[i] != '"' && s[i] != '\'')) return Fail("unquoted attribute");
      const char q = s[i++];
      std::string val;
      while (i < s.size() && s[i] != q) {
        if (s[i] == '<') return Fail("< in attribute");
        if (s[i] == '&') {
          if (!Entity(&val)) return false;
          continue;
        }
        val += s[i++];
      }
      if (i >= s.size()) return Fail("unterminated attribute");
      ++i;
      if (attr == "class") cls = val;
    }
    ++count[name];
    if (!cls.empty()) ++count[name + "." + cls];
    if (s[i] == '/') {
      if (s.compare(i, 2, "/>") != 0) return Fail("bad empty-element tag");
      i += 2;
      return true;
    }
    ++i;  // '>'
    std::string text;
    for (;;) {
      if (!Text(name == "title" ? &text : nullptr)) return false;
      if (i >= s.size()) return Fail("unclosed <" + name + ">");
      if (s.compare(i, 4, "<!--") == 0) {
        const size_t end = s.find("-->", i + 4);
        if (end == std::string::npos) return Fail("unterminated comment");
        i = end + 3;
        continue;
      }
      if (s.compare(i, 2, "</") == 0) {
        i += 2;
        std::string end;
        if (!Name(&end)) return false;
        if (end != name) return Fail("</" + end + "> closes <" + name + ">");
        Ws();
        if (i >= s.size() || s[i++] != '>') return Fail("bad end tag");
        if (name == "title") titles.push_back(text);
        return true;
      }
      if (!Element()) return false;
    }
  }
  bool Document() {
    Ws();
    if (s.compare(i, 5, "<?xml") == 0) {
      const size_t end = s.find("?>", i);
      if (end == std::string::npos) return Fail("unterminated declaration");
      i = end + 2;
    }
    Ws();
    if (i >= s.size() || s[i] != '<') return Fail("no root element");
    if (!Element()) return false;
    Ws();
    if (i != s.size()) return Fail("text after the root element");
    return true;
  }
};

inline std::string ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace report_check
