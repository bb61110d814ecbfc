// pnpm's hooks for this workspace.
module.exports = {
  hooks: {
    /**
     * The package.json that `pnpm pack` and `pnpm publish` put in a tarball. Development
     * dependencies serve the workspace alone: the SDK's on the contract and the CLI's on the SDK
     * (both bundled in at build time) name packages that are not on the registry.
     */
    beforePacking(pkg) {
      const { devDependencies: _workspaceOnly, ...published } = pkg;
      return published;
    },
  },
};
