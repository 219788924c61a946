// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// ScaledAddCustom kernel: z = alpha * x + y in the static-tensor style: UB
// taken with LocalMemAllocator (no TPipe, no queues), the pipes ordered with
// SetFlag/WaitFlag, DataCopyPad for any length. DTYPE_X is float or half (the
// kernel is built once per dtype of the OpDef).
#include "kernel_operator.h"
#include "scaled_add_custom_tiling.h"

template <typename T>
class KernelScaledAdd {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const ScaledAddCustomTilingData& tiling) {
    ascendc_assert(tiling.tileLength > 0 && tiling.tileLength <= tiling.blockLength,
                   "tileLength %u must be in [1, blockLength %u]", tiling.tileLength, tiling.blockLength);
    const uint32_t start = tiling.blockLength * AscendC::GetBlockIdx();
    ascendc_assert(start < tiling.totalLength, "block %d starts past the %u elements", AscendC::GetBlockIdx(),
                   tiling.totalLength);
    length_ = tiling.totalLength - start < tiling.blockLength ? tiling.totalLength - start : tiling.blockLength;
    tileLength_ = tiling.tileLength;
    alpha_ = static_cast<T>(tiling.alpha);
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x) + start, length_);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y) + start, length_);
    zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z) + start, length_);
  }

  __aicore__ inline void Process() {
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    AscendC::LocalTensor<T> xLocal = ub.Alloc<T>(tileLength_);
    AscendC::LocalTensor<T> yLocal = ub.Alloc<T>(tileLength_);
    for (uint32_t done = 0; done < length_; done += tileLength_) {
      const uint32_t count = length_ - done < tileLength_ ? length_ - done : tileLength_;
      const AscendC::DataCopyExtParams copy{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
      if (done != 0) {
        // The previous tile's copy out reads xLocal: wait for it before loading.
        AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(EVENT_ID0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(EVENT_ID0);
      }
      AscendC::DataCopyPad(xLocal, xGm_[done], copy, AscendC::DataCopyPadExtParams<T>{false, 0, 0, T(0)});
      AscendC::DataCopyPad(yLocal, yGm_[done], copy, AscendC::DataCopyPadExtParams<T>{false, 0, 0, T(0)});
      AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
      AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
      AscendC::Muls(xLocal, xLocal, alpha_, count);
      AscendC::Add(xLocal, xLocal, yLocal, count);
      AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID0);
      AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID0);
      AscendC::DataCopyPad(zGm_[done], xLocal, copy);
    }
  }

 private:
  AscendC::GlobalTensor<T> xGm_, yGm_, zGm_;
  uint32_t length_ = 0;
  uint32_t tileLength_ = 0;
  T alpha_;
};

extern "C" __global__ __aicore__ void scaled_add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                        GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(ScaledAddCustomTilingData);
  GET_TILING_DATA(tilingData, tiling);
  KernelScaledAdd<DTYPE_X> op;
  op.Init(x, y, z, tilingData);
  op.Process();
}
