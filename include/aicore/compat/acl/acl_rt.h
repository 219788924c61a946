// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// acl/acl_rt.h: the runtime part of the AscendCL API, a header name of the
// vendor's; on the CPU it is acl/acl.h (see there for what is provided).
#pragma once

#include "acl/acl.h"
