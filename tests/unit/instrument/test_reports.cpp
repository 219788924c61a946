// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The reports a person looks at (issue 14): the bench JSON and SVG chart
// (bench/bench.h: WriteJson, WriteSvgChart, WriteReports,
// CompareOptions::reports) read back with the small checkers of
// report_check.h: the JSON parses and carries the numbers, the SVG is
// well-formed XML with one bar per variant (and one per NPU estimate). The
// SVG timeline of the estimate (instrument/timeline_estimate.h:
// TimelineSvg, WriteTimelineSvg, AICORE_TIMELINE_SVG): well-formed, one lane
// per pipe per block drawn, one box per instruction at its start.
#include <aicore/aicore.h>
#include <aicore/bench/bench.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "unit/instrument/report_check.h"

using namespace AscendC;
namespace prof = aicore::profile;
namespace bench = aicore::bench;
using report_check::JsonChecker;
using report_check::ReadFile;
using report_check::XmlChecker;

namespace {

constexpr uint32_t kTile = 1024;  // floats

// Per tile: GM -> UB (MTE2), one vector op (V), UB -> GM (MTE3), through
// kBufs buffers per queue.
template <int32_t kBufs>
void tiles_kernel(GM_ADDR x, GM_ADDR y, uint32_t tiles) {
  TPipe pipe;
  TQue<TPosition::VECIN, kBufs> in;
  TQue<TPosition::VECOUT, kBufs> out;
  pipe.InitBuffer(in, kBufs, kTile * sizeof(float));
  pipe.InitBuffer(out, kBufs, kTile * sizeof(float));
  GlobalTensor<float> xg, yg;
  const uint64_t base = uint64_t{kTile} * tiles * GetBlockIdx();
  xg.SetGlobalBuffer(reinterpret_cast<float*>(x) + base, uint64_t{kTile} * tiles);
  yg.SetGlobalBuffer(reinterpret_cast<float*>(y) + base, uint64_t{kTile} * tiles);
  for (uint32_t t = 0; t < tiles; ++t) {
    LocalTensor<float> a = in.template AllocTensor<float>();
    DataCopy(a, xg[uint64_t{t} * kTile], kTile);
    in.EnQue(a);
    LocalTensor<float> b = in.template DeQue<float>();
    LocalTensor<float> c = out.template AllocTensor<float>();
    Adds(c, b, 1.0f, kTile);
    out.EnQue(c);
    in.FreeTensor(b);
    LocalTensor<float> d = out.template DeQue<float>();
    DataCopy(yg[uint64_t{t} * kTile], d, kTile);
    out.FreeTensor(d);
  }
}

struct Data {
  std::vector<float> x, y;
  explicit Data(size_t n) : x(n, 1.0f), y(n) {}
  GM_ADDR gx() { return reinterpret_cast<GM_ADDR>(x.data()); }
  GM_ADDR gy() { return reinterpret_cast<GM_ADDR>(y.data()); }
};

bench::Row MakeRow(const std::string& workload, const std::string& variant, double median, double npu_us = -1) {
  bench::Row r;
  r.workload = workload;
  r.dtype = "float";
  r.threads = 2;
  r.variant = variant;
  r.stats.median = median;
  r.stats.p10 = median * 0.9;
  r.stats.p90 = median * 1.1;
  r.bytes = 1000;
  r.npu_us = npu_us;
  if (npu_us >= 0) r.npu_bound = "MTE2";
  return r;
}

std::vector<bench::Row> SampleRows() {
  return {MakeRow("add", "highway", 2000), MakeRow("add", "aicore", 1000, 3.5),
          MakeRow("add", "scalar", 8000), MakeRow("gelu <&\"'>", "highway", 500),
          MakeRow("gelu <&\"'>", "aicore \"x\" <y>", 1000, 0.25)};
}

std::string Path(const char* name) { return ::testing::TempDir() + name; }

// The checkers reject what they should (so that the tests below can fail).
TEST(Reports, CheckersRejectBrokenText) {
  for (const char* bad : {"<svg>", "<svg></g>", "<svg a=1/>", "<svg a=\"<\"/>", "<svg>&</svg>",
                          "<svg>&foo;</svg>", "<svg/><svg/>", "<svg a=\"1\"a=\"2\"/>",
                          "<svg a=\"1\" a=\"2\"/>", "text"}) {
    const std::string t(bad);
    EXPECT_FALSE(XmlChecker(t).Document()) << bad;
  }
  const std::string good =
      "<?xml version=\"1.0\"?>\n<svg x=\"&amp;\"><rect class=\"bar\"><title>a &lt; b</title></rect>"
      "<!-- c --><g/></svg>\n";
  XmlChecker c(good);
  ASSERT_TRUE(c.Document()) << c.error;
  EXPECT_EQ(c.count["rect.bar"], 1);
  EXPECT_EQ(c.count["g"], 1);
  ASSERT_EQ(c.titles.size(), 1u);
  EXPECT_EQ(c.titles[0], "a < b");
  for (const char* bad : {"{\"a\":1,}", "[", "{\"a\" 1}"}) {
    const std::string t(bad);
    EXPECT_FALSE(JsonChecker(t).Document()) << bad;
  }
}

TEST(Reports, JsonCarriesEveryRowAndItsRatio) {
  const std::vector<bench::Row> rows = SampleRows();
  std::ostringstream os;
  bench::WriteJson(os, rows, "highway", "title \"q\"");
  const std::string json = os.str();
  JsonChecker c(json);
  ASSERT_TRUE(c.Document()) << "bad JSON near offset " << c.i << ": " << json.substr(c.i, 80);
  EXPECT_EQ(c.Values("title"), std::vector<std::string>{"title \"q\""});  // escaped, read back
  const std::vector<std::string> variants = c.Values("variant");
  ASSERT_EQ(variants.size(), rows.size());
  EXPECT_EQ(variants[4], "aicore \"x\" <y>");
  const std::vector<std::string> speed = c.Values("speed_vs_baseline");
  ASSERT_EQ(speed.size(), rows.size());
  // Baseline highway of the same group: its median over the row's.
  EXPECT_EQ(speed[0], "1.0000");
  EXPECT_EQ(speed[1], "2.0000");
  EXPECT_EQ(speed[2], "0.2500");
  EXPECT_EQ(speed[3], "1.0000");
  EXPECT_EQ(speed[4], "0.5000");
  const std::vector<std::string> npu = c.Values("npu_us");
  ASSERT_EQ(npu.size(), rows.size());
  EXPECT_EQ(npu[0], "null");
  EXPECT_EQ(npu[1], "3.5000");
  EXPECT_EQ(npu[4], "0.2500");
  EXPECT_EQ(c.Values("npu_bound")[1], "MTE2");
  EXPECT_EQ(c.Values("median_ns")[2], "8000.0");
  EXPECT_EQ(c.Values("gbps")[0], "0.500");
  EXPECT_EQ(c.Values("threads")[0], "2");
  // Without a baseline name: each group's first row.
  std::ostringstream os2;
  bench::WriteJson(os2, rows);
  JsonChecker c2(os2.str());
  ASSERT_TRUE(c2.Document());
  EXPECT_EQ(c2.Values("speed_vs_baseline")[2], "0.2500");
}

TEST(Reports, SvgChartHasOneBarPerVariantAndPerEstimate) {
  const std::vector<bench::Row> rows = SampleRows();
  std::ostringstream os;
  bench::WriteSvgChart(os, rows, "highway", "chart <1>");
  const std::string svg = os.str();
  XmlChecker c(svg);
  ASSERT_TRUE(c.Document()) << c.error << ": " << svg.substr(c.i > 40 ? c.i - 40 : 0, 120);
  EXPECT_EQ(c.count["svg"], 1);
  EXPECT_EQ(c.count["rect.bar"], 5);
  EXPECT_EQ(c.count["rect.npu"], 2);
  EXPECT_EQ(c.count["line.one"], 2);  // the 1x mark of each group
  ASSERT_EQ(c.titles.size(), 7u);
  EXPECT_NE(c.titles[1].find("aicore: speed 2.000x vs highway"), std::string::npos) << c.titles[1];
  EXPECT_NE(c.titles[4].find("aicore \"x\" <y>: speed 0.500x"), std::string::npos) << c.titles[4];
  EXPECT_NE(c.titles[5].find("estimated NPU time 3.50 us (MTE2)"), std::string::npos) << c.titles[5];
  EXPECT_NE(svg.find("xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  // Bar lengths: within a group, proportional to the speed (aicore 2x is
  // the longest bar of group "add", 420 px; highway 1x half of it).
  EXPECT_NE(svg.find("width=\"420.0\" height=\"16\"><title>aicore: speed 2.000x"), std::string::npos);
  EXPECT_NE(svg.find("width=\"210.0\" height=\"16\"><title>highway: speed 1.000x"), std::string::npos);
  // No estimate in the rows: no NPU section.
  std::vector<bench::Row> plain = rows;
  for (bench::Row& r : plain) r.npu_us = -1;
  std::ostringstream os2;
  bench::WriteSvgChart(os2, plain);
  XmlChecker c2(os2.str());
  ASSERT_TRUE(c2.Document()) << c2.error;
  EXPECT_EQ(c2.count["rect.bar"], 5);
  EXPECT_EQ(c2.count["rect.npu"], 0);
}

// PrintTable: an "NPU est" column when some rows have an estimate (aicore_bench --npu).
TEST(Reports, TableShowsTheNpuEstimateWhereThereIsOne) {
  const std::vector<bench::Row> rows = SampleRows();
  std::ostringstream os;
  bench::PrintTable(os, rows, "highway");
  const std::string t = os.str();
  std::vector<std::string> lines;
  for (size_t p = 0; p < t.size();) {
    const size_t q = t.find('\n', p);
    lines.push_back(t.substr(p, q - p));
    p = q + 1;
  }
  ASSERT_EQ(lines.size(), rows.size() + 1) << t;
  EXPECT_NE(lines[0].find("NPU est (bound)"), std::string::npos) << t;
  EXPECT_NE(lines[2].find("3.50 us (MTE2)"), std::string::npos) << lines[2];
  EXPECT_NE(lines[2].find("2.000x"), std::string::npos) << lines[2];
  EXPECT_NE(lines[5].find("0.25 us (MTE2)"), std::string::npos) << lines[5];
  EXPECT_EQ(lines[1].find(" us ("), std::string::npos) << lines[1];  // highway: no estimate, "-"
  std::vector<bench::Row> plain = rows;
  for (bench::Row& r : plain) r.npu_us = -1;
  std::ostringstream os2;
  bench::PrintTable(os2, plain, "highway");
  EXPECT_EQ(os2.str().find("NPU est"), std::string::npos) << os2.str();
}

TEST(Reports, CompareVariantsWritesCsvJsonAndSvg) {
  constexpr uint32_t kTiles = 4;
  Data d(size_t{kTile} * kTiles);
  bench::CompareOptions opt;
  opt.reps = 2;
  opt.warmup = 1;
  opt.min_warmup_ns = 0;
  opt.npu_estimate = true;
  opt.title = "tiles, 4";  // a comma: quoted in the CSV
  opt.reports.csv = Path("aicore_reports.csv");
  opt.reports.json = Path("aicore_reports.json");
  opt.reports.svg = Path("aicore_reports.svg");
  const auto r = bench::CompareVariants(
      {{"buffers 1", [&] { aicore::Launch(tiles_kernel<1>, 1, d.gx(), d.gy(), kTiles); }},
       {"buffers \"2\"", [&] { aicore::Launch(tiles_kernel<2>, 1, d.gx(), d.gy(), kTiles); }},
       {"no launch", [] {}}},
      opt);
  ASSERT_EQ(r.size(), 3u);
  for (size_t i = 0; i < d.y.size(); ++i) ASSERT_EQ(d.y[i], 2.0f);
  ASSERT_GT(r[0].npu_us, 0.0);
  ASSERT_GT(r[1].npu_us, 0.0);
  EXPECT_LT(r[1].npu_us, r[0].npu_us);  // double buffering overlaps MTE2 with V
  const std::string csv = ReadFile(opt.reports.csv);
  const std::string json = ReadFile(opt.reports.json);
  const std::string svg = ReadFile(opt.reports.svg);
  for (const std::string* p : {&opt.reports.csv, &opt.reports.json, &opt.reports.svg}) std::remove(p->c_str());
  EXPECT_EQ(csv.rfind(std::string(bench::CsvHeader()) + "\n\"tiles, 4\",,", 0), 0u) << csv;
  EXPECT_NE(csv.find(",\"buffers \"\"2\"\"\","), std::string::npos) << csv;  // quoted, quotes doubled
  JsonChecker c(json);
  ASSERT_TRUE(c.Document()) << json;
  EXPECT_EQ(c.Values("variant"), (std::vector<std::string>{"buffers 1", "buffers \"2\"", "no launch"}));
  EXPECT_EQ(c.Values("baseline"), std::vector<std::string>{"buffers 1"});
  EXPECT_EQ(c.Values("npu_us")[0], bench::detail::Format("%.4f", r[0].npu_us));
  EXPECT_EQ(c.Values("npu_us")[2], "null");
  EXPECT_EQ(c.Values("speed_vs_baseline")[0], "1.0000");
  XmlChecker x(svg);
  ASSERT_TRUE(x.Document()) << x.error;
  EXPECT_EQ(x.count["rect.bar"], 3);
  EXPECT_EQ(x.count["rect.npu"], 2);  // "no launch" has no estimate
}

// A report that cannot be written: a parameter error naming the path, the
// API and the caller's line; the clean twin (a writable path) is silent.
TEST(Reports, UnwritableReportIsAnError) {
  bench::CompareOptions opt;
  opt.reps = 1;
  opt.warmup = 1;
  opt.min_warmup_ns = 0;
  opt.reports.json = Path("no/such/dir/report.json");
  int line = 0;
  try {
    line = __LINE__ + 1;
    bench::CompareVariants({{"nothing", [] {}}}, opt);
    FAIL() << "no error";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), aicore::ErrorKind::kParameter);
    EXPECT_EQ(e.api(), "CompareVariants");
    EXPECT_EQ(e.line(), line);
    EXPECT_NE(std::string(e.file()).find("test_reports.cpp"), std::string::npos) << e.file();
    EXPECT_NE(e.detail().find("cannot write the report '" + opt.reports.json + "'"), std::string::npos)
        << e.what();
  }
  opt.reports.json = Path("aicore_reports_ok.json");
  EXPECT_NO_THROW(bench::CompareVariants({{"nothing", [] {}}}, opt));
  EXPECT_FALSE(ReadFile(opt.reports.json).empty());
  std::remove(opt.reports.json.c_str());
  // WriteReports says which path failed, "" when all were written.
  bench::ReportPaths p;
  p.svg = Path("no/such/dir/chart.svg");
  EXPECT_EQ(bench::WriteReports(SampleRows(), p), p.svg);
  p.svg.clear();
  EXPECT_EQ(bench::WriteReports(SampleRows(), p), "");
}

// ---- The SVG timeline ----

prof::TimelineEstimate EstimateTiles(uint32_t blocks, uint32_t tiles, Data& d) {
  prof::EnableTimeline(true);
  aicore::Launch(tiles_kernel<2>, blocks, d.gx(), d.gy(), tiles);
  prof::EnableTimeline(false);
  return prof::EstimateTimeline(prof::LastTimeline(), prof::CostModelFor(0));
}

TEST(TimelineSvg, OneLanePerPipePerBlockOneBoxPerInstruction) {
  constexpr uint32_t kBlocks = 5, kTiles = 3;
  Data d(size_t{kTile} * kTiles * kBlocks);
  prof::TimelineEstimate e = EstimateTiles(kBlocks, kTiles, d);
  for (size_t i = 0; i < d.y.size(); ++i) ASSERT_EQ(d.y[i], 2.0f);
  e.spans[0].api = "a<b&\"c";  // escaped in the output
  prof::TimelineSvgOptions o;
  o.max_blocks = 2;
  const std::string svg = prof::TimelineSvg(e, o);
  XmlChecker c(svg);
  ASSERT_TRUE(c.Document()) << c.error << ": " << svg.substr(c.i > 60 ? c.i - 60 : 0, 160);
  // Blocks 0 and 1 are drawn: their instructions, 3 per tile (MTE2 copy,
  // V add, MTE3 copy), on 3 lanes each.
  size_t want = 0;
  double end01 = 0;
  for (const prof::TimelineSpan& sp : e.spans) {
    if (sp.block_idx < 2) {
      ++want;
      end01 = std::max(end01, sp.start + sp.cycles);
    }
  }
  EXPECT_EQ(want, 2u * 3 * kTiles);
  EXPECT_EQ(c.count["rect.span"], static_cast<int>(want));
  EXPECT_EQ(c.count["rect.lane"], 2 * 3);
  EXPECT_NE(svg.find(">block 1 (AIV "), std::string::npos);
  EXPECT_EQ(svg.find(">block 2 (AIV "), std::string::npos);
  for (const char* pipe : {") MTE2<", ") V<", ") MTE3<"}) EXPECT_NE(svg.find(pipe), std::string::npos) << pipe;
  EXPECT_GE(c.count["line.tick"], 2);  // the time axis
  EXPECT_NE(svg.find(">0 us<"), std::string::npos);
  // Each box's tooltip: API, line, pipe, start and cycles.
  ASSERT_EQ(c.titles.size(), want);
  EXPECT_EQ(c.titles[0].rfind("a<b&\"c (line ", 0), 0u) << c.titles[0];
  int adds = 0;
  for (const std::string& t : c.titles) adds += t.rfind("Adds (line ", 0) == 0 && t.find(", V): start ") != std::string::npos;
  EXPECT_EQ(adds, static_cast<int>(2 * kTiles));
  // The boxes sit at their start on a scale where the drawn blocks' last
  // end is the axis width (1200 px after the 170 px labels).
  const prof::TimelineSpan& s0 = e.spans[1];
  ASSERT_LT(s0.block_idx, 2);
  const std::string x = bench::detail::Format("x=\"%.2f\"", 170 + s0.start * (1200 / end01));
  EXPECT_NE(svg.find("<rect class=\"span\" " + x), std::string::npos) << x;
  EXPECT_NE(svg.find("estimated NPU time"), std::string::npos);
  // The span cap: the rest counted, not drawn.
  o.max_spans = 4;
  const std::string capped = prof::TimelineSvg(e, o);
  XmlChecker c2(capped);
  ASSERT_TRUE(c2.Document()) << c2.error;
  EXPECT_EQ(c2.count["rect.span"], 4);
  EXPECT_NE(capped.find(std::to_string(want - 4) + " more instructions not drawn"), std::string::npos);
  // An empty estimate is still a well-formed picture.
  const std::string empty = prof::TimelineSvg(prof::TimelineEstimate{});
  XmlChecker c3(empty);
  EXPECT_TRUE(c3.Document()) << c3.error;
  EXPECT_EQ(c3.count["rect.span"], 0);
}

TEST(TimelineSvg, WrittenWhereAsked) {
  Data d(size_t{kTile} * 2);
  const prof::TimelineEstimate e = EstimateTiles(1, 2, d);
  const std::string path = Path("aicore_timeline.svg");
  ASSERT_TRUE(prof::WriteTimelineSvg(e, path));
  XmlChecker c(ReadFile(path));
  EXPECT_TRUE(c.Document()) << c.error;
  EXPECT_EQ(c.count["rect.span"], static_cast<int>(e.spans.size()));
  std::remove(path.c_str());
  EXPECT_FALSE(prof::WriteTimelineSvg(e, Path("no/such/dir/t.svg")));
  // AICORE_TIMELINE_SVG: what AICORE_PROFILE=timeline runs after each
  // launch writes the file there (and says so on stderr).
  ASSERT_EQ(setenv("AICORE_TIMELINE_SVG", path.c_str(), 1), 0);
  ::testing::internal::CaptureStderr();
  prof::detail::ReportLaunch(prof::LastTimeline());
  const std::string err = ::testing::internal::GetCapturedStderr();
  unsetenv("AICORE_TIMELINE_SVG");
  EXPECT_NE(err.find("svg timeline: " + path), std::string::npos) << err;
  XmlChecker c2(ReadFile(path));
  EXPECT_TRUE(c2.Document()) << c2.error;
  EXPECT_EQ(c2.count["rect.span"], static_cast<int>(e.spans.size()));
  std::remove(path.c_str());
  ASSERT_EQ(setenv("AICORE_TIMELINE_SVG", Path("no/such/dir/t.svg").c_str(), 1), 0);
  ::testing::internal::CaptureStderr();
  prof::detail::ReportLaunch(prof::LastTimeline());
  const std::string err2 = ::testing::internal::GetCapturedStderr();
  unsetenv("AICORE_TIMELINE_SVG");
  EXPECT_NE(err2.find("svg timeline: cannot write "), std::string::npos) << err2;
}

}  // namespace
