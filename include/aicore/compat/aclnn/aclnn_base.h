// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aclnn/aclnn_base.h for the CPU: see aclnn/acl_meta.h.
#pragma once

#include "aclnn/acl_meta.h"
