// A minimal user program: scales a vector by 2 in a kernel over 4 blocks.
#include <aicore/aicore.h>

#include <cstdio>
#include <vector>

using namespace AscendC;

extern "C" __global__ __aicore__ void scale2(GM_ADDR x, GM_ADDR y) {
  constexpr uint32_t kLen = 256;
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + kLen * GetBlockIdx(), kLen);
  yGm.SetGlobalBuffer((__gm__ float*)y + kLen * GetBlockIdx(), kLen);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kLen * sizeof(float));
  LocalTensor<float> t = buf.Get<float>();
  DataCopy(t, xGm, kLen);
  Muls(t, t, 2.0f, kLen);
  DataCopy(yGm, t, kLen);
}

int main() {
  std::vector<float> x(1024), y(1024);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i);
  AICORE_LAUNCH(scale2, 4, reinterpret_cast<uint8_t*>(x.data()), reinterpret_cast<uint8_t*>(y.data()));
  for (size_t i = 0; i < y.size(); ++i) {
    if (y[i] != 2.0f * x[i]) {
      std::printf("consumer: FAIL at %zu\n", i);
      return 1;
    }
  }
  std::printf("consumer: PASS\n");
  return 0;
}
